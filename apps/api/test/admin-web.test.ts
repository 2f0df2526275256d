import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

const MEMBER_PAGE = '<!doctype html><html><body>member app<script>1</script></body></html>';
const ADMIN_PAGE =
  '<!doctype html><html><head><script type="module" src="/admin/assets/index-abc123.js"></script></head><body>back office</body></html>';

/** A built member app and back office in temporary folders, as `npm run build` leaves them. */
const makeDist = (page: string, asset: string) => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'assets', asset), 'console.log(1);');
  return dist;
};

describe('the back office web app under /admin', () => {
  let t: TestApp;
  let bare: TestApp;
  const dists: string[] = [];
  beforeAll(async () => {
    const webDist = makeDist(MEMBER_PAGE, 'app-abc123.js');
    const adminWebDist = makeDist(ADMIN_PAGE, 'index-abc123.js');
    dists.push(webDist, adminWebDist);
    t = await buildTestApp({ config: { webDist, adminWebDist } });
    // The member app built, the back office not (yet).
    bare = await buildTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
    for (const d of dists) rmSync(d, { recursive: true, force: true });
  });

  it('answers /admin and every client route below it with its own page, revalidated each visit', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/members',
      '/admin/members/42?tab=wallet',
      '/admin/audit',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('back office');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      // Its page has no inline script: the member page's hashes are not allowed here.
      // Only its own files, and the counter's WebAssembly code reader compiled from them (no JS eval).
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(csp, url).not.toContain("'unsafe-eval'");
      expect(csp, url).not.toContain('sha256-');
      expect(csp, url).toContain("frame-ancestors 'none'");
    }
  });

  it('serves hashed files for a year, and a missing one is a 404, not the page', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/admin/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('back office');
  });

  it('leaves /admin/api to the API: an unknown route is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('never answers an /admin path with the member app, built or not', async () => {
    for (const app of [t, bare]) {
      for (const url of ['/admin', '/admin/members', '/admin/assets/x.js']) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.body, url).not.toContain('member app');
      }
    }
    const notBuilt = await bare.app.inject({ method: 'GET', url: '/admin/members' });
    expect(notBuilt.statusCode).toBe(404);
    expect(notBuilt.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('keeps the member app on its own paths (and /administration is one of them)', async () => {
    for (const url of ['/', '/home', '/administration']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('member app');
    }
  });
});
