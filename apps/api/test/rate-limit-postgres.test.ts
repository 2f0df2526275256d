import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import type { ZodApp } from '../src/http/zod-app.ts';
import { testConfig, uniqueEmail } from './helpers/build-test-app.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const send = (app: ZodApp, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/otp/send-otp',
    payload: { email: uniqueEmail('pgrl') },
    remoteAddress: ip,
  });

const counters = async (db: Kysely<Database>) =>
  (await sql<{ key: string; count: number }>`select key, count from rate_limit_counter`.execute(db)).rows;

/** Without REDIS_URL: PostgreSQL holds the counts when several instances may share it. */
describe('rate limits without Redis', () => {
  let database: TestDatabase;
  let second: Kysely<Database> | undefined;
  let a: ZodApp;
  let b: ZodApp | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    const config = testConfig({ databaseUrl: database.url, otpSendLimitPerIp: 4 });
    a = await buildApp(config, { db: database.db });
    if (database.url) {
      // A second instance: its own pool on the same schema, as a second process would have.
      second = openDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 2 });
      b = await buildApp(config, { db: second });
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.destroy();
    await database?.close();
  });

  it.runIf(onPostgres)('shares one count between two instances on one PostgreSQL', async () => {
    const ip = '198.51.100.40';
    const codes = [];
    for (const app of [a, b!, a, b!, a, b!]) codes.push((await send(app, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    const rows = await counters(database.db);
    const perIp = rows.filter((r) => r.key.startsWith('otp-ip:'));
    expect(perIp).toEqual([{ key: expect.stringMatching(/^otp-ip:[A-Za-z0-9_-]{22}$/), count: 6 }]);
    for (const { key } of rows) {
      expect(key).not.toContain('@');
      expect(key).not.toContain(ip);
      expect(key).not.toContain('undefined');
    }
  });

  it.runIf(onPostgres)('starts a new window once the old one has ended', async () => {
    const ip = '198.51.100.41';
    for (let i = 0; i < 4; i++) expect((await send(a, ip)).statusCode).toBe(200);
    expect((await send(b!, ip)).statusCode).toBe(429);
    // Ended windows, as time would leave them (the database's clock decides, not the app's).
    await sql`update rate_limit_counter set reset_at = now() - interval '1 second'`.execute(database.db);
    expect((await send(b!, ip)).statusCode).toBe(200);
    const rows = await counters(database.db);
    expect(rows.filter((r) => r.key.startsWith('otp-ip:')).map((r) => r.count)).toContain(1);
  });

  it.runIf(!onPostgres)('counts in the process on the embedded database (one process holds it)', async () => {
    const ip = '198.51.100.42';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await send(a, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    expect(await counters(database.db)).toEqual([]);
  });
});
