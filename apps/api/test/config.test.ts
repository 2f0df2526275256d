import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config.ts';
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
    const smtp = 'smtp://mail.example.com:587';
    expect(loadConfig({ DATA_DIR: dir }).apiDocs).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SMTP_URL: smtp }).apiDocs).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SMTP_URL: smtp, API_DOCS: 'true' }).apiDocs,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, API_DOCS: '0' }).apiDocs).toBe(false);
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
