import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { createJobs, type Jobs, type Queue } from '../src/jobs/jobs.ts';
import { openTestDatabase, sleep, waitFor, type TestDatabase } from './helpers/test-database.ts';

/*
 * An idle process looks for work with one query per tick, not one per worker (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL), and a job nobody announced is still noticed within its queue's interval.
 */
describe('the ready check that wakes idle workers', () => {
  let t: TestDatabase;
  let jobs: Jobs;
  let quiet: Queue<{ label: string }>[];
  const ran: string[] = [];
  const errors: string[] = [];
  const infos: string[] = [];
  const queries: string[] = [];
  let refuseReadyCheck = false;

  /** The app's database as the jobs see it, with every query noted, and the ready check refused on demand. */
  const watched = (db: Kysely<Database>): Kysely<Database> =>
    new Proxy(db, {
      get(target, key) {
        // Kysely keeps its state in private fields: its getters and methods run on the real object.
        if (key !== 'executeQuery') {
          const value = Reflect.get(target, key) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return (query: { sql: string }, ...rest: unknown[]) => {
          queries.push(query.sql);
          if (refuseReadyCheck && /unnest\(\$1::text\[\]\)/.test(query.sql))
            return Promise.reject(new Error('connection lost'));
          return (target.executeQuery as (...args: unknown[]) => unknown).call(target, query, ...rest);
        };
      },
    });

  beforeAll(async () => {
    t = await openTestDatabase();
    jobs = createJobs(watched(t.db), {
      log: {
        info: (_obj, msg) => void infos.push(msg),
        error: (_obj, msg) => void errors.push(msg),
      },
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 60,
    });
    // Five queues of three workers: fifteen poll loops, as many job-claiming queries per poll before.
    quiet = [0, 1, 2, 3, 4].map((n) =>
      jobs.define<{ label: string }>(`test.quiet-${n}`, async ({ label }) => void ran.push(label), {
        workers: 3,
        batchSize: 2,
      }),
    );
    await jobs.start();
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  const claims = () => queries.filter((q) => /for update skip locked/i.test(q)).length;
  const readyChecks = () => queries.filter((q) => /unnest\(\$1::text\[\]\)/.test(q)).length;

  it('claims no job while there is none, and asks whether there is about twice a second', async () => {
    await sleep(1000); // past the workers' first look at start
    queries.length = 0;
    await sleep(3000);
    expect(claims()).toBe(0);
    // Every 0.5 s over 3 s; wide margins for a busy machine, far below 15 loops × 6 polls.
    expect(readyChecks()).toBeGreaterThanOrEqual(3);
    expect(readyChecks()).toBeLessThanOrEqual(7);
  });

  it('notices a job sent in a transaction nobody woke, within the queue’s interval', async () => {
    await t.db.transaction().execute(async (trx) => {
      await quiet[3]!.send(trx, { label: 'unannounced' });
    });
    const sent = Date.now();
    await waitFor(() => ran.includes('unannounced'), 10_000, 'the unannounced job');
    // The workers' own fallback poll is 30 s away: only the ready check can have found it this soon.
    expect(Date.now() - sent).toBeLessThan(5000);
  });

  it('logs a failing check once, and finds work again once the database answers', async () => {
    refuseReadyCheck = true;
    await sleep(2000); // four failing ticks
    expect(errors.filter((e) => /could not look for ready jobs/.test(e))).toHaveLength(1);
    await t.db.transaction().execute(async (trx) => {
      await quiet[1]!.send(trx, { label: 'after the failure' });
    });
    refuseReadyCheck = false;
    await waitFor(() => ran.includes('after the failure'), 10_000, 'the job sent while the check failed');
    expect(infos).toContain('the job queues can be read again');
    expect(errors.filter((e) => /could not look for ready jobs/.test(e))).toHaveLength(1);
  });
});
