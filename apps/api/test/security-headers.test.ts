import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/** `script-src 'self'; …` → { 'script-src': ["'self'"], … } */
const policyOf = (res: LightMyRequestResponse): Record<string, string[]> => {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
};

/** What every answer must carry: no framing, no sniffing, no referrer to other sites. */
const expectHardened = (res: LightMyRequestResponse, what: string) => {
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
  expect(policyOf(res)['frame-ancestors'], what).toEqual(["'none'"]);
};

/** The app's own policy: only its own scripts, never inline or eval. */
const expectAppPolicy = (res: LightMyRequestResponse, what: string) => {
  expectHardened(res, what);
  const csp = policyOf(res);
  expect(csp['default-src'], what).toEqual(["'self'"]);
  expect(csp['script-src'], what).toEqual(["'self'"]);
  expect(csp['script-src-attr'], what).toEqual(["'none'"]);
  expect(csp['object-src'], what).toEqual(["'none'"]);
  expect(csp['base-uri'], what).toEqual(["'none'"]);
  expect(csp['connect-src'], what).toEqual(["'self'"]);
  expect(csp['font-src'], what).toEqual(["'self'"]);
  expect(String(res.headers['content-security-policy']), what).not.toContain('unsafe-eval');
};

type Err = { success: false; code: string };

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
    t = await buildTestApp({ config: { webDist: dist } });
    t.app.get('/auth/test-boom', async () => {
      throw new Error('boom');
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('guard the app’s HTML, whichever way it is reached', async () => {
    for (const url of ['/', '/index.html', '/home', '/th/home', '/signin?redirect=%2Fth%2F%2Fevil.example']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expectAppPolicy(res, url);
      // Plain HTTP by default: no HSTS, and nothing upgraded to an https that may not exist.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(policyOf(res)['upgrade-insecure-requests'], url).toBeUndefined();
    }
  });

  it('guard the built files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expectAppPolicy(res, 'asset');
  });

  it('guard API answers, successes and errors alike', async () => {
    const answers: [string, LightMyRequestResponse, number][] = [
      ['health', await t.app.inject({ method: 'GET', url: '/health' }), 200],
      ['phone codes', await t.app.inject({ method: 'GET', url: '/auth/users/phoneCodes' }), 200],
      ['unknown route', await t.app.inject({ method: 'GET', url: '/bff/nothing' }), 404],
      ['wrong method', await t.app.inject({ method: 'DELETE', url: '/auth/login' }), 405],
      ['no token', await t.app.inject({ method: 'GET', url: '/auth/users/profile' }), 401],
      [
        'bad input',
        await t.app.inject({ method: 'POST', url: '/auth/otp/send-otp', payload: { email: 'nope' } }),
        400,
      ],
      [
        'too large',
        await t.app.inject({
          method: 'POST',
          url: '/auth/otp/send-otp',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'a'.repeat(70 * 1024) }),
        }),
        413,
      ],
      ['server error', await t.app.inject({ method: 'GET', url: '/auth/test-boom' }), 500],
    ];
    for (const [what, res, status] of answers) {
      expect(res.statusCode, what).toBe(status);
      expect(res.headers['content-type'], what).toContain('application/json');
      if (status >= 400) expect(res.json<Err>().success, what).toBe(false);
      expectAppPolicy(res, what);
    }
  });

  it('let pictures keep a stricter policy of their own, still unframeable', async () => {
    const picture = await t.app.inject({ method: 'GET', url: '/media/catalogue/banners/coffee-week-1.svg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['x-frame-options']).toBe('DENY');
    expect(picture.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const webp = await t.app.inject({ method: 'GET', url: '/media/catalogue/banners/coffee-week-1.webp' });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['x-frame-options']).toBe('DENY');
    expect(webp.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it('give the API docs the app’s policy (Swagger UI needs no inline script)', async () => {
    for (const url of ['/docs', '/docs/static/swagger-initializer.js', '/docs/json']) {
      const docs = await t.app.inject({ method: 'GET', url });
      expect(docs.statusCode, url).toBe(200);
      expectAppPolicy(docs, url);
    }
  });
});

describe('security headers behind TLS (HSTS=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { hsts: true } });
  });
  afterAll(() => t.close());

  it('send HSTS and upgrade insecure requests', async () => {
    for (const url of ['/health', '/bff/nothing', '/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(policyOf(res)['upgrade-insecure-requests'], url).toEqual([]);
    }
  });
});
