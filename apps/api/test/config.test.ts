import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEMO_PROMPTPAY_ID, loadConfig, REPO_ROOT } from '../src/config.ts';
import { languageFromHeader } from '../src/i18n/messages.ts';
import { parseAuthorization } from '../src/modules/auth/auth-header.ts';

describe('config', () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has working defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const c = loadConfig({ DATA_DIR: join(dir, 'data') });
    expect(c).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      databaseUrl: undefined,
      smtpUrl: undefined,
      redisUrl: undefined,
      otpSendLimitPerIp: 100,
      otpSendLimitPerAddress: 5,
      rateLimitWindowSeconds: 600,
      hsts: false,
      webDist: join(REPO_ROOT, 'apps/web/dist'),
    });
    expect(c.otpSendLimitPerIp).toBeGreaterThanOrEqual(50);
    expect(readFileSync(join(dir, 'data', 'jwt-secret'), 'utf8').trim()).toBe(c.jwtSecret);
    // A second start reads the same secret: sessions survive a restart.
    expect(loadConfig({ DATA_DIR: join(dir, 'data') }).jwtSecret).toBe(c.jwtSecret);
  });

  it('reads the environment and treats empty values as unset', () => {
    const c = loadConfig({
      PORT: '3999',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u@h:5432/db',
      SMTP_URL: 'smtp://mail.example.com:587',
      REDIS_URL: 'redis://127.0.0.1:6379',
      JWT_SECRET: 'x'.repeat(40),
      OTP_SEND_LIMIT_PER_IP: '250',
      NODE_ENV: 'production',
      WEB_DIST: '/srv/web',
      PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
    });
    expect(c).toMatchObject({
      port: 3999,
      databaseUrl: 'postgres://u@h:5432/db',
      smtpUrl: 'smtp://mail.example.com:587',
      redisUrl: 'redis://127.0.0.1:6379',
      apiDocs: false,
      jwtSecret: 'x'.repeat(40),
      otpSendLimitPerIp: 250,
      nodeEnv: 'production',
      webDist: '/srv/web',
    });
  });

  it('refuses production without a mail server, naming SMTP_URL (codes would be logged in plain text)', () => {
    for (const SMTP_URL of [undefined, '', '  ']) {
      expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, SMTP_URL })).toThrow(
        /SMTP_URL is required/,
      );
    }
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).smtpUrl).toBeUndefined();
  });

  it('sends HSTS only when told the app is served over TLS', () => {
    expect(loadConfig({ DATA_DIR: dir }).hsts).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, HSTS: 'true' }).hsts).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, HSTS: '1' }).hsts).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, HSTS: '' }).hsts).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, HSTS: 'yes' })).toThrow(/HSTS/);
  });

  it('serves /docs by default except in production, and API_DOCS decides when set', () => {
    const prod = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      PAYMENT_SANDBOX_IN_PRODUCTION: '1',
    };
    expect(loadConfig({ DATA_DIR: dir }).apiDocs).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, ...prod }).apiDocs).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, ...prod, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, API_DOCS: '0' }).apiDocs).toBe(false);
  });

  it('an in-memory DATA_DIR writes no secret to disk (no "memory:" folder in the working directory)', () => {
    const c = loadConfig({ DATA_DIR: 'memory://' });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(c.paymentWebhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync('memory:')).toBe(false);
    expect(existsSync(join(REPO_ROOT, 'memory:'))).toBe(false);
  });

  it('payments: the sandbox with a demo PromptPay id and a generated webhook secret kept in DATA_DIR', () => {
    const data = join(dir, 'payments');
    const c = loadConfig({ DATA_DIR: data });
    expect(c).toMatchObject({ paymentProvider: 'sandbox', promptPayId: DEMO_PROMPTPAY_ID });
    expect(c.paymentWebhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(c.paymentWebhookSecret).not.toBe(c.jwtSecret);
    expect(readFileSync(join(data, 'payment-webhook-secret'), 'utf8').trim()).toBe(c.paymentWebhookSecret);
    expect(loadConfig({ DATA_DIR: data }).paymentWebhookSecret).toBe(c.paymentWebhookSecret);
    const given = loadConfig({
      DATA_DIR: data,
      PAYMENT_WEBHOOK_SECRET: 'k'.repeat(32),
      PROMPTPAY_ID: '081-234-5678',
    });
    expect(given).toMatchObject({ paymentWebhookSecret: 'k'.repeat(32), promptPayId: '0812345678' });
  });

  it('payments: refuses an unknown provider, a bad PromptPay id, a short secret, and the sandbox in production', () => {
    const fails = (env: NodeJS.ProcessEnv, pattern: RegExp) =>
      expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(pattern);
    fails({ PAYMENT_PROVIDER: 'omise' }, /PAYMENT_PROVIDER: must be one of: sandbox/);
    for (const id of ['12345', '0212345678', '08123456789', '0000000000002', 'abcdefghij'])
      fails({ PROMPTPAY_ID: id }, /PROMPTPAY_ID must be a Thai mobile number/);
    for (const id of ['0891234567', '0612345678', '3100600445163', DEMO_PROMPTPAY_ID])
      expect(loadConfig({ DATA_DIR: dir, PROMPTPAY_ID: id }).promptPayId).toBe(id);
    fails({ PAYMENT_WEBHOOK_SECRET: 'short' }, /PAYMENT_WEBHOOK_SECRET must be at least 32 characters/);
    const prod = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };
    fails(prod, /PAYMENT_PROVIDER=sandbox is refused when NODE_ENV=production/);
    fails({ ...prod, PAYMENT_SANDBOX_IN_PRODUCTION: 'false' }, /PAYMENT_SANDBOX_IN_PRODUCTION=true/);
    expect(
      loadConfig({ DATA_DIR: dir, ...prod, PAYMENT_SANDBOX_IN_PRODUCTION: 'true' }).paymentProvider,
    ).toBe('sandbox');
  });

  it('names every bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', DATA_DIR: dir }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', DATA_DIR: dir });
    } catch (err) {
      const msg = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET']) expect(msg).toContain(name);
    }
  });
});

describe('request parsing', () => {
  it('picks the language from Accept-Language', () => {
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('th')).toBe('th');
    expect(languageFromHeader('th-TH,th;q=0.9,en-US;q=0.8')).toBe('th');
    expect(languageFromHeader('en-US,en;q=0.9,th;q=0.8')).toBe('en');
    expect(languageFromHeader('fr-FR,th;q=0.5')).toBe('th');
    expect(languageFromHeader('de')).toBe('en');
    expect(languageFromHeader('en;q=0.2, th;q=0.7')).toBe('th');
  });

  it('reads both Authorization forms', () => {
    expect(parseAuthorization('Bearer a.b.c')).toEqual({ accessToken: 'a.b.c' });
    expect(parseAuthorization('bearer   a.b.c')).toEqual({ accessToken: 'a.b.c' });
    expect(parseAuthorization('Bearer opaqueRefresh')).toEqual({ refreshToken: 'opaqueRefresh' });
    expect(parseAuthorization('{"accessToken":"a.b.c","refreshToken":"r"}')).toEqual({
      accessToken: 'a.b.c',
      refreshToken: 'r',
    });
    expect(parseAuthorization('{"accessToken":"","refreshToken":null}')).toEqual({});
    expect(parseAuthorization('{"accessToken":')).toEqual({});
    expect(parseAuthorization('[1,2]')).toEqual({});
    expect(parseAuthorization(undefined)).toEqual({});
  });
});
