import { Writable } from 'node:stream';
import type { LoginData } from '@app/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import type { Database } from '../../src/db/schema.ts';
import type { ZodApp } from '../../src/http/zod-app.ts';
import type { Mailer } from '../../src/mail/mailer.ts';
import { openTestDatabase } from './test-database.ts';

/** A clock the test moves by hand: expiry and grace windows are tested without sleeping. */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
  set: (d: Date) => void;
}

export const createTestClock = (start = new Date()): TestClock => {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms), set: (d) => void (t = d.getTime()) };
};

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  nodeEnv: 'test',
  logLevel: 'silent',
  databaseUrl: undefined,
  dataDir: 'memory://',
  smtpUrl: undefined,
  mailFrom: 'Privileges <no-reply@test.local>',
  jwtSecret: 'test-secret-that-is-long-enough-0123456789',
  redisUrl: undefined,
  otpSendLimitPerIp: 100,
  otpSendLimitPerAddress: 5,
  otpSendLimitPerAddressTotal: 20,
  loginLimitPerIp: 300,
  loginLimitPerAddressAndIp: 10,
  avatarUploadLimitPerMember: 10,
  // The race tests place hundreds of orders per member; the limit has a test of its own.
  orderLimitPerMember: 100_000,
  couponCheckLimitPerMember: 100_000,
  apiDocs: true,
  rateLimitWindowSeconds: 600,
  rateLimitFallbackDivisor: 4,
  paymentExpiryMinutes: 15,
  metricsToken: undefined,
  trustProxy: false,
  hsts: false,
  webDist: '/nonexistent/web/dist',
  adminWebDist: '/nonexistent/admin/dist',
  demoData: false,
  paymentProvider: 'sandbox',
  promptPayId: '0891234567',
  paymentWebhookSecret: 'test-webhook-secret-that-is-long-enough-0123',
  ...overrides,
});

export type LogLine = {
  level: number;
  msg?: string;
  requestId?: string;
  err?: { message?: string; stack?: string };
} & Record<string, unknown>;

export interface TestApp {
  app: ZodApp;
  db: Kysely<Database>;
  clock: TestClock;
  config: Config;
  /** Every log line the app wrote (pino JSON, parsed). */
  logs: LogLine[];
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  mailer?: Mailer;
  clock?: TestClock;
}

/**
 * The real app, job workers included, on a fresh database with migrations applied: in-memory PGlite,
 * or — when TEST_DATABASE_URL is set — a schema of its own on that PostgreSQL server (dropped on
 * close), so test files run in parallel without seeing each other's rows.
 */
export const buildTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const clock = options.clock ?? createTestClock();
  const database = await openTestDatabase();
  const { db } = database;

  const logs: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = testConfig({ databaseUrl: database.url, ...options.config });
  const app = await buildApp(config, {
    db,
    now: clock.now,
    logStream,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  return {
    app,
    db,
    clock,
    config,
    logs,
    kind: database.kind,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

let counter = 0;
/** A fresh address per call, so tests sharing one app never share a member. */
export const uniqueEmail = (label = 'member') =>
  `${label}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.com`;

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json<T>();

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The spec's Authorization header: a JSON object of both tokens. */
export const jsonAuth = (accessToken: string, refreshToken = '') => ({
  authorization: JSON.stringify({ accessToken, refreshToken }),
});

export const sendOtp = (
  t: TestApp,
  email: string,
  extra: Partial<InjectOptions> = {},
  language?: 'en' | 'th',
) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/otp/send-otp',
    payload: language ? { email, language } : { email },
    ...extra,
  });

/** The code of the newest sign-in mail to `email` in the dev outbox. */
export const lastCode = async (t: TestApp, email: string): Promise<string> => {
  // Receipts go out from a job, stamped by the same hand-moved clock: one can carry the very timestamp
  // of the newest code mail, so "newest" alone may pick it. The code stands alone on its line (an
  // address in the text may hold digits of its own), and no other mail has such a line.
  const mails = await t.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  for (const mail of mails) {
    const code = /^(\d{6})$/m.exec(mail.text_body)?.[1];
    if (code) return code;
  }
  throw new Error(`no code in mail to ${email}`);
};

export const login = (t: TestApp, email: string, otp: string, extra: Partial<InjectOptions> = {}) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, otp }, ...extra });

/** Send a code, read it from the outbox, sign in: the member's LoginData. */
export const signIn = async (t: TestApp, email = uniqueEmail()): Promise<LoginData> => {
  const sent = await sendOtp(t, email);
  if (sent.statusCode !== 200) throw new Error(`send-otp ${sent.statusCode}: ${sent.body}`);
  const res = await login(t, email, await lastCode(t, email));
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  return res.json<{ data: LoginData }>().data;
};

export const refresh = (t: TestApp, refreshToken: string, accessToken = '') =>
  t.app.inject({ method: 'GET', url: '/auth/refresh-token', headers: jsonAuth(accessToken, refreshToken) });
