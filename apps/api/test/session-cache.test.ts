import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { createSessionCache, SESSION_POLL_MS } from '../src/modules/auth/session-cache.ts';
import {
  bearer,
  buildTestApp,
  jsonAuth,
  refresh,
  signIn,
  testConfig,
  type TestApp,
} from './helpers/build-test-app.ts';
import { sleep, waitFor } from './helpers/test-database.ts';

/** Another process's revocation must be seen within the poll interval; the margin covers a poll in flight. */
const BOUND_MS = SESSION_POLL_MS + 500;

const silentLog = { warn: () => {} } as unknown as Parameters<typeof createSessionCache>[1];

describe('the session check kept in memory: a revoked session never outlives the bound', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const profile = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(accessToken) });
  const sessionOf = async (accessToken: string) => (await t.app.accessTokens.verify(accessToken)).sessionId;

  it('logout stops the access token at once, though its session was answered from memory', async () => {
    const s = await signIn(t);
    for (let i = 0; i < 3; i++) expect((await profile(s.accessToken)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: jsonAuth(s.accessToken, s.refreshToken),
    });
    expect(out.statusCode).toBe(200);
    expect((await profile(s.accessToken)).statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/bff/vouchers', headers: bearer(s.accessToken) });
    expect(list.statusCode).toBe(401);
  });

  it('reuse of a rotated refresh token stops the access tokens of its session at once', async () => {
    const s = await signIn(t);
    expect((await profile(s.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, s.refreshToken)).statusCode).toBe(200);
    t.clock.advance(11_000);
    expect((await refresh(t, s.refreshToken)).statusCode).toBe(401);
    expect((await profile(s.accessToken)).statusCode).toBe(401);
  });

  it('a revocation by plain SQL is seen at once on the embedded database, within the poll on PostgreSQL', async () => {
    const s = await signIn(t);
    expect((await profile(s.accessToken)).statusCode).toBe(200);
    expect((await profile(s.accessToken)).statusCode).toBe(200);
    const started = Date.now();
    await t.db
      .updateTable('refresh_token_family')
      .set({ revoked_at: new Date(), revoked_reason: 'operator' })
      .where('id', '=', await sessionOf(s.accessToken))
      .execute();
    if (t.kind === 'pglite') expect((await profile(s.accessToken)).statusCode).toBe(401);
    else {
      await waitFor(
        async () => (await profile(s.accessToken)).statusCode === 401,
        BOUND_MS,
        'the revocation',
      );
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
    }
    await sleep(SESSION_POLL_MS);
    expect((await profile(s.accessToken)).statusCode).toBe(401);
  });

  it('is bounded, and never keeps an answer read before a change', async () => {
    const cache = createSessionCache(t.db, silentLog, { max: 5 });
    await cache.start();
    try {
      for (let i = 0; i < 50; i++) expect(await cache.isActive(randomUUID())).toBe(false);
      expect(cache.size).toBe(5);

      const s = await signIn(t);
      const id = await sessionOf(s.accessToken);
      // The sign-in is itself a change the cache sees (at once here, within the poll on PostgreSQL) and
      // it empties the cache: let that pass, then fill it again.
      await sleep(SESSION_POLL_MS + 200);
      for (let i = 0; i < 5; i++) await cache.isActive(randomUUID());
      const before = cache.size;
      // A read that began before this process changed the session is answered but not kept.
      const reading = cache.isActive(id);
      cache.changing(id);
      cache.changed(id);
      expect(await reading).toBe(true);
      expect(cache.size).toBe(0);
      expect(before).toBe(5);
      // While a change is under way, the session is asked of the database and nothing is kept.
      cache.changing(id);
      expect(await cache.isActive(id)).toBe(true);
      expect(cache.size).toBe(0);
      cache.changed(id);
      expect(await cache.isActive(id)).toBe(true);
      expect(cache.size).toBe(1);
    } finally {
      cache.stop();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app processes on one PostgreSQL database', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherDb: ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    t = await buildTestApp();
    // A second app with its own pool on the same schema: what a second process would be.
    otherDb = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: 'memory://', poolSize: 2 });
    other = await buildApp(testConfig({ databaseUrl: t.config.databaseUrl }), { db: otherDb });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await otherDb.destroy();
    await t.close();
  });

  it(`refuses a token logged out in the first within ${BOUND_MS} ms, and for good`, async () => {
    const s = await signIn(t);
    const onOther = async () =>
      (await other.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(s.accessToken) }))
        .statusCode;
    expect(await onOther()).toBe(200);
    expect(await onOther()).toBe(200);

    const started = Date.now();
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(s.accessToken) });
    expect(out.statusCode).toBe(200);
    await waitFor(async () => (await onOther()) === 401, BOUND_MS, 'the logout');
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    await sleep(SESSION_POLL_MS);
    expect(await onOther()).toBe(401);
  });
});
