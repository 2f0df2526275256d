import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, sendOtp, uniqueEmail, type TestApp } from './helpers/build-test-app.ts';

type Err = { success: false; code: string; message: string[]; requestId: string };

describe('HTTP envelope, errors, health, docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.get('/auth/test-boom', async () => {
      throw new Error('secret detail: password=hunter2 at db.internal:5432');
    });
  });
  afterAll(() => t.close());

  it('404 for an unknown API route, in the envelope and the asked language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/nope' });
    expect(res.statusCode).toBe(404);
    const body = json<Err>(res);
    expect(body).toMatchObject({ success: false, code: 'not_found', message: ['Not found.'] });
    expect(body.requestId).toBe(res.headers['x-request-id']);
    const th = await t.app.inject({
      method: 'POST',
      url: '/bff/nothing',
      headers: { 'accept-language': 'th' },
    });
    expect(json<Err>(th)).toMatchObject({ code: 'not_found', message: ['ไม่พบข้อมูล'] });
  });

  it('405 with Allow for a known path and the wrong method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/auth/login' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(json<Err>(res)).toMatchObject({ success: false, code: 'method_not_allowed' });
    const get = await t.app.inject({ method: 'POST', url: '/auth/users/profile' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('GET, HEAD');
  });

  it('413 for a JSON body over 64 KB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/otp/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: `${'a'.repeat(70 * 1024)}@example.com` }),
    });
    expect(res.statusCode).toBe(413);
    expect(json<Err>(res)).toMatchObject({
      code: 'payload_too_large',
      message: ['The request is too large.'],
    });
  });

  it('415 for an unsupported content type, 400 for broken JSON', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/auth/otp/send-otp',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@b.co</email>',
    });
    expect(xml.statusCode).toBe(415);
    expect(json<Err>(xml).code).toBe('unsupported_media_type');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/auth/otp/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(json<Err>(broken).code).toBe('validation_failed');
  });

  it('500 hides the details from the client and logs them with the request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/test-boom',
      headers: { 'accept-language': 'th' },
    });
    expect(res.statusCode).toBe(500);
    const body = json<Err>(res);
    expect(body).toEqual({
      success: false,
      code: 'internal_error',
      message: ['เกิดข้อผิดพลาด'],
      requestId: res.headers['x-request-id'],
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('stack');
    const logged = t.logs.find((l) => l.level >= 50 && l.requestId === body.requestId);
    expect(logged?.err?.message).toContain('hunter2');
    expect(logged?.err?.stack).toBeDefined();
  });

  it('GET /health reports the process and the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      success: true,
      data: { status: 'ok', db: 'ok', uptimeSeconds: expect.any(Number) },
    });
  });

  it('/docs serves OpenAPI generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }
        >
      >;
    }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/auth/otp/send-otp',
      '/auth/login',
      '/auth/refresh-token',
      '/auth/users/profile',
      '/auth/users/update',
      '/auth/users/phoneCodes',
      '/info',
      '/health',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    const sendBody = doc.paths['/auth/otp/send-otp']?.post?.requestBody?.content['application/json']?.schema;
    expect(sendBody?.properties).toHaveProperty('email');
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('/dev/mailbox lists the outbox outside production', async () => {
    const email = uniqueEmail('mailbox');
    await sendOtp(t, email);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    const list = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox.json?to=${encodeURIComponent(email)}`,
    });
    const mails = json<{ data: { to: string; subject: string }[] }>(list).data;
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Your sign-in code: \d{6}$/);
  });

  it('answers 503 when the database is gone', async () => {
    await t.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(json<Err>(res).code).toBe('service_unavailable');
  });
});

describe('production mode and the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ config: { nodeEnv: 'production', webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('has no /dev/mailbox in production', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(json<Err>(res).code).toBe('not_found');
    }
  });

  it('serves the built app: hashed assets cached long, index.html revalidated, compressed', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(root.body).toContain('<div id="root">');
  });

  it('falls back to index.html for app routes, but not for API paths or missing files', async () => {
    for (const url of ['/home', '/th/home', '/signin?redirect=%2Fwallet', '/profile/edit']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of [
      '/auth/unknown',
      '/bff/no-such-route',
      '/assets/missing-123.js',
      '/icons/missing-64.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(json<Err>(res).code).toBe('not_found');
    }
    expect((await t.app.inject({ method: 'POST', url: '/home' })).statusCode).toBe(404);
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(404);
    expect(json<Err>(res).message[0]).toContain('not built');
  });
});
