import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (apps/api/src → ../../..), so relative defaults do not depend on the cwd. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Privileges <no-reply@localhost>'),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  /** Sends of a sign-in code per client IP per window (many members can share a carrier IP). */
  OTP_SEND_LIMIT_PER_IP: positiveInt(100),
  /** Sends of a code to one e-mail address from one IP per window (on top of the 60 s resend gap). */
  OTP_SEND_LIMIT_PER_ADDRESS: positiveInt(5),
  /** Sends of a code to one e-mail address from all IPs together per window (bounds mail to one mailbox). */
  OTP_SEND_LIMIT_PER_ADDRESS_TOTAL: positiveInt(20),
  /** Login attempts per client IP per window (each code also dies after 5 wrong tries). */
  LOGIN_LIMIT_PER_IP: positiveInt(300),
  /** Code tries at one e-mail address from one IP per window: two codes' worth of wrong tries. */
  LOGIN_LIMIT_PER_ADDRESS_AND_IP: positiveInt(10),
  /** Avatar uploads per member per window (each one is decoded and re-encoded). */
  AVATAR_UPLOAD_LIMIT_PER_MEMBER: positiveInt(10),
  /** Serve the OpenAPI document and its UI at /docs: default on, off in production unless set. */
  API_DOCS: z.enum(['true', 'false', '1', '0', '']).optional(),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
  /** Served over HTTPS (here or at a proxy in front): send Strict-Transport-Security. Off by default. */
  HSTS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Trust X-Forwarded-For from a proxy in front (needed for per-IP limits behind a load balancer). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  WEB_DIST: z.string().optional(),
  /** Load the demo catalogue on first start: default on for the embedded database, off with DATABASE_URL. */
  DEMO_DATA: z.enum(['true', 'false', '1', '0', '']).optional(),
});

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Unset → embedded PGlite under dataDir (or in memory when dataDir is 'memory://'). */
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  redisUrl: string | undefined;
  otpSendLimitPerIp: number;
  otpSendLimitPerAddress: number;
  otpSendLimitPerAddressTotal: number;
  loginLimitPerIp: number;
  loginLimitPerAddressAndIp: number;
  avatarUploadLimitPerMember: number;
  /** /docs (OpenAPI JSON and UI) is served. */
  apiDocs: boolean;
  rateLimitWindowSeconds: number;
  trustProxy: boolean;
  /** Strict-Transport-Security and upgrade-insecure-requests (HSTS): only when served over TLS. */
  hsts: boolean;
  /** Built web app to serve; skipped (with a clear 404) when the folder has no index.html. */
  webDist: string;
  /** Seed the demo catalogue at start when the catalogue is empty (DEMO_DATA). */
  demoData: boolean;
}

export class ConfigError extends Error {}

/** The signing secret: JWT_SECRET, else one generated on first start and kept in DATA_DIR/jwt-secret. */
const resolveJwtSecret = (given: string | undefined, dataDir: string): string => {
  if (given) return given;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};

const flag = (v: string | undefined): boolean | undefined =>
  v === undefined || v === '' ? undefined : v === 'true' || v === '1';

/** Environment → one validated config. Throws ConfigError naming every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Without a mail server the dev outbox would keep sign-in codes in plain text and print them to the
  // log, undoing the hashing of stored codes: acceptable on a developer's machine, never in production.
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production: sign-in codes must be e-mailed, never logged or kept in plain text.\n' +
        '  Set SMTP_URL=smtp://user:pass@host:port (and MAIL_FROM), or run without NODE_ENV=production for the dev mailbox.',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, dataDir),
    redisUrl: e.REDIS_URL,
    otpSendLimitPerIp: e.OTP_SEND_LIMIT_PER_IP,
    otpSendLimitPerAddress: e.OTP_SEND_LIMIT_PER_ADDRESS,
    otpSendLimitPerAddressTotal: e.OTP_SEND_LIMIT_PER_ADDRESS_TOTAL,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    loginLimitPerAddressAndIp: e.LOGIN_LIMIT_PER_ADDRESS_AND_IP,
    avatarUploadLimitPerMember: e.AVATAR_UPLOAD_LIMIT_PER_MEMBER,
    apiDocs: flag(e.API_DOCS) ?? e.NODE_ENV !== 'production',
    rateLimitWindowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    trustProxy: e.TRUST_PROXY,
    hsts: e.HSTS,
    webDist: resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    demoData: flag(e.DEMO_DATA) ?? e.DATABASE_URL === undefined,
  };
};
