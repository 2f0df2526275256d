import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAYMENT_EXPIRY_MINUTES } from '@app/contracts';
import { z } from 'zod';

/** The repository root (apps/api/src → ../../..), so relative defaults do not depend on the cwd. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const PAYMENT_PROVIDERS = ['sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A demo merchant id that reaches nobody: a 13-digit tax id with a correct check digit, but province
 * code 00, which no registrar has — a real bank app scanning a sandbox QR finds no account to pay.
 */
export const DEMO_PROMPTPAY_ID = '0000000000001';

const PROMPTPAY_ID_RULE =
  'PROMPTPAY_ID must be a Thai mobile number (10 digits, 06/08/09…) or a 13-digit tax id with a valid check digit';

/** A Thai mobile number, or a 13-digit national/tax id whose last digit is its mod-11 check digit. */
export const isPromptPayId = (id: string): boolean => {
  if (/^0[689]\d{8}$/.test(id)) return true;
  if (!/^\d{13}$/.test(id)) return false;
  const digits = [...id].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (13 - i), 0);
  return (11 - (sum % 11)) % 10 === digits[12];
};

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
  /** Orders (Confirms) per member per window: a person places a few; a script holding stock, many. */
  ORDER_LIMIT_PER_MEMBER: positiveInt(30),
  /**
   * Coupon codes a member may try per window (GET /bff/coupons/check, and quotes that carry a code):
   * a person types a few; a script guessing codes, thousands.
   */
  COUPON_CHECK_LIMIT_PER_MEMBER: positiveInt(60),
  /** Serve the OpenAPI document and its UI at /docs: default on, off in production unless set. */
  API_DOCS: z.enum(['true', 'false', '1', '0', '']).optional(),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
  /**
   * While the shared limit store (Redis, or PostgreSQL without Redis) does not answer, each process
   * counts alone and allows this fraction of every limit: with up to this many processes, the total
   * stays within the limit.
   */
  RATE_LIMIT_FALLBACK_DIVISOR: positiveInt(4),
  /** An unpaid order is cancelled (stock and coupon given back) this many minutes after Confirm. */
  PAYMENT_EXPIRY_MINUTES: z.coerce
    .number({ error: 'PAYMENT_EXPIRY_MINUTES must be a whole number of minutes from 5 to 1440' })
    .int('PAYMENT_EXPIRY_MINUTES must be a whole number of minutes from 5 to 1440')
    .min(5, 'PAYMENT_EXPIRY_MINUTES must be at least 5 (a member needs time to pay)')
    .max(1440, 'PAYMENT_EXPIRY_MINUTES must be at most 1440 (a day): unpaid orders hold stock')
    .default(PAYMENT_EXPIRY_MINUTES),
  /** Bearer token that GET /metrics requires; without it /metrics is open in development, off in production. */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
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
  ADMIN_WEB_DIST: z.string().optional(),
  /** Load the demo catalogue on first start: default on for the embedded database, off with DATABASE_URL. */
  DEMO_DATA: z.enum(['true', 'false', '1', '0', '']).optional(),
  /** Who takes the payments. Only the sandbox exists so far; a real gateway adds its name here. */
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { error: `must be one of: ${PAYMENT_PROVIDERS.join(', ')}` })
    .default('sandbox'),
  /** The merchant's PromptPay ID that QR payments go to: a 10-digit mobile number or a 13-digit tax id. */
  PROMPTPAY_ID: optionalString.pipe(
    z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine(isPromptPayId, PROMPTPAY_ID_RULE)
      .optional(),
  ),
  PAYMENT_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(32, 'PAYMENT_WEBHOOK_SECRET must be at least 32 characters').optional(),
  ),
  /** Web Push keys (base64url, as web-push prints them): both or neither; unset → kept in DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who push services may contact about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: address')
      .optional(),
  ),
  /** A production-mode server (staging) may run the sandbox only when told so explicitly. */
  PAYMENT_SANDBOX_IN_PRODUCTION: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
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
  orderLimitPerMember: number;
  couponCheckLimitPerMember: number;
  /** /docs (OpenAPI JSON and UI) is served. */
  apiDocs: boolean;
  rateLimitWindowSeconds: number;
  /** Each process allows 1/this of a limit while the shared store is unreachable. */
  rateLimitFallbackDivisor: number;
  /** Minutes an order waits for payment before it is cancelled. */
  paymentExpiryMinutes: number;
  /** Required as a Bearer token on /metrics when set; unset → /metrics open outside production, off in it. */
  metricsToken: string | undefined;
  trustProxy: boolean;
  /** Strict-Transport-Security and upgrade-insecure-requests (HSTS): only when served over TLS. */
  hsts: boolean;
  /** Built web app to serve; skipped (with a clear 404) when the folder has no index.html. */
  webDist: string;
  /** Built back office (apps/admin/dist), served under /admin; a clear 404 there when not built. */
  adminWebDist: string;
  /** Seed the demo catalogue at start when the catalogue is empty (DEMO_DATA). */
  demoData: boolean;
  paymentProvider: PaymentProviderName;
  /** The merchant's PromptPay ID (digits only) that QR payloads carry. */
  promptPayId: string;
  /** Signs and verifies payment webhooks (HMAC-SHA256); shared by every instance. */
  paymentWebhookSecret: string;
  /**
   * The Web Push (VAPID) key pair and contact. Always set by loadConfig; a test's hand-made config
   * may leave it out, and then the app makes a pair for its own lifetime.
   */
  vapid?: VapidConfig;
}

export interface VapidConfig {
  /** Uncompressed P-256 public key, base64url: what browsers subscribe with. */
  publicKey: string;
  /** The 32-byte private key, base64url. */
  privateKey: string;
  subject: string;
}

export class ConfigError extends Error {}

/** A secret from the environment, else one generated on first start and kept in DATA_DIR/<fileName>. */
const resolveSecret = (given: string | undefined, dataDir: string, fileName: string): string => {
  if (given) return given;
  // An in-memory database keeps nothing on disk, and neither does its secret: 'memory://' is no folder.
  if (dataDir.startsWith('memory://')) return randomBytes(48).toString('base64url');
  const file = join(dataDir, fileName);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};

/** A new VAPID key pair (P-256), base64url without padding, as browsers and web-push expect. */
export const generateVapidKeys = (): { publicKey: string; privateKey: string } => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPrivateKey();
  // The private key may come back shorter than 32 bytes (leading zeros): browsers and web-push need 32.
  const privateKey = Buffer.concat([Buffer.alloc(32 - key.length), key]);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
};

const isVapidPair = (v: unknown): v is { publicKey: string; privateKey: string } => {
  const pair = v as { publicKey?: unknown; privateKey?: unknown } | null;
  return (
    typeof pair?.publicKey === 'string' &&
    typeof pair.privateKey === 'string' &&
    Buffer.from(pair.publicKey, 'base64url').length === 65 &&
    Buffer.from(pair.privateKey, 'base64url').length === 32
  );
};

/**
 * The VAPID pair from the environment, else one generated on first start and kept in
 * DATA_DIR/vapid-keys.json: browsers' subscriptions are bound to the public key, so it must outlive
 * restarts (and be shared by every process — set the variables when processes do not share a folder).
 */
const resolveVapidKeys = (
  publicKey: string | undefined,
  privateKey: string | undefined,
  dataDir: string,
): { publicKey: string; privateKey: string } => {
  if (publicKey || privateKey) {
    const given = { publicKey, privateKey };
    if (!isVapidPair(given))
      throw new ConfigError(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together: a 65-byte P-256 public key and its 32-byte private key, base64url (npx web-push generate-vapid-keys)',
      );
    return given;
  }
  if (dataDir.startsWith('memory://')) return generateVapidKeys();
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    try {
      const kept: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isVapidPair(kept)) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    } catch {
      // An unreadable file is replaced below, as a missing one is.
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
};

/** The sender's address from MAIL_FROM ("Name <a@b>" or "a@b") as a mailto: contact. */
const mailtoOf = (mailFrom: string): string => `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;

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
  // Without the bank pages (absent in production) a sandbox charge can only expire, and a member who
  // paid its PromptPay QR from a real bank app would have sent money that nothing ever confirms.
  if (e.NODE_ENV === 'production' && e.PAYMENT_PROVIDER === 'sandbox' && !e.PAYMENT_SANDBOX_IN_PRODUCTION) {
    throw new ConfigError(
      'PAYMENT_PROVIDER=sandbox is refused when NODE_ENV=production: its payments are never real and its bank pages do not exist there.\n' +
        '  Configure a real payment provider, or set PAYMENT_SANDBOX_IN_PRODUCTION=true on a staging server where nobody pays.',
    );
  }
  // 'memory://' is no folder: resolving it made a "memory:" folder in the working directory.
  const dataDir = e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: resolveSecret(e.JWT_SECRET, dataDir, 'jwt-secret'),
    redisUrl: e.REDIS_URL,
    otpSendLimitPerIp: e.OTP_SEND_LIMIT_PER_IP,
    otpSendLimitPerAddress: e.OTP_SEND_LIMIT_PER_ADDRESS,
    otpSendLimitPerAddressTotal: e.OTP_SEND_LIMIT_PER_ADDRESS_TOTAL,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    loginLimitPerAddressAndIp: e.LOGIN_LIMIT_PER_ADDRESS_AND_IP,
    avatarUploadLimitPerMember: e.AVATAR_UPLOAD_LIMIT_PER_MEMBER,
    orderLimitPerMember: e.ORDER_LIMIT_PER_MEMBER,
    couponCheckLimitPerMember: e.COUPON_CHECK_LIMIT_PER_MEMBER,
    apiDocs: flag(e.API_DOCS) ?? e.NODE_ENV !== 'production',
    rateLimitWindowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    rateLimitFallbackDivisor: e.RATE_LIMIT_FALLBACK_DIVISOR,
    paymentExpiryMinutes: e.PAYMENT_EXPIRY_MINUTES,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    hsts: e.HSTS,
    webDist: resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    adminWebDist: resolve(REPO_ROOT, e.ADMIN_WEB_DIST ?? 'apps/admin/dist'),
    demoData: flag(e.DEMO_DATA) ?? e.DATABASE_URL === undefined,
    paymentProvider: e.PAYMENT_PROVIDER,
    promptPayId: e.PROMPTPAY_ID ?? DEMO_PROMPTPAY_ID,
    paymentWebhookSecret: resolveSecret(e.PAYMENT_WEBHOOK_SECRET, dataDir, 'payment-webhook-secret'),
    vapid: {
      ...resolveVapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, dataDir),
      subject: e.VAPID_SUBJECT ?? mailtoOf(e.MAIL_FROM),
    },
  };
};
