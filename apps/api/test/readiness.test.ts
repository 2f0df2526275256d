import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { jobsSchemaFor } from '../src/jobs/jobs.ts';
import { testConfig } from './helpers/build-test-app.ts';
import { openTestDatabase, waitFor } from './helpers/test-database.ts';

describe('/ready', () => {
  it('answers 200 while the database answers, and 503 naming it once it does not; /health stays', async () => {
    const database = await openTestDatabase();
    // On PostgreSQL the app gets a pool of its own, so closing it leaves the test's own to clean up.
    const db = database.url ? openDatabase({ databaseUrl: database.url, dataDir: 'memory://' }) : database.db;
    const app = await buildApp(testConfig({ databaseUrl: database.url }), { db });
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        success: true,
        data: { status: 'ready', database: 'ok', redis: 'absent' },
      });
      expect(ready.headers['cache-control']).toBe('no-store');
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

      // Closed while no job runs: a job finishing on a closed database would fail in the queue instead.
      const jobs = sql.table(`${await jobsSchemaFor(db)}.job`);
      await waitFor(
        async () =>
          Number(
            (
              await sql<{ n: string }>`select count(*) as n from ${jobs}
                where state = 'active' or (state in ('created', 'retry') and start_after <= now())`.execute(
                db,
              )
            ).rows[0]?.n,
          ) === 0,
        30_000,
        'the job queues to be idle',
      );
      await db.destroy();
      const down = await app.inject({ method: 'GET', url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        success: false,
        code: 'service_unavailable',
        message: expect.arrayContaining(['database: failed', 'redis: absent']),
      });
    } finally {
      // The workers' last queries fail on the closed database; the app still closes.
      await app.close().catch(() => {});
      if (db !== database.db) await database.close();
      else await database.close().catch(() => {});
    }
  });
});
