import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs, type Queue } from '../src/jobs/jobs.ts';
import { openTestDatabase, sleep, waitFor, type TestDatabase } from './helpers/test-database.ts';

/*
 * How fast a queue keeps up (PGlite, or PostgreSQL with TEST_DATABASE_URL): several jobs at once per
 * queue and process, a backlog drained without a poll's sleep between batches, a job sent in a
 * committed transaction taken at once when its queue is woken, and each job of a batch settled alone.
 * The margins are wide (a busy machine): each check is about a behaviour the old single-job worker
 * could not show at all, not about a few milliseconds.
 */
describe('job queues at the speed work arrives', () => {
  let t: TestDatabase;
  let jobs: Jobs;
  let parallel: Queue<{ n: number }>;
  let backlog: Queue<{ n: number }>;
  let sleepy: Queue<{ label: string }>;
  let mixed: Queue<{ n: number; fail: boolean }>;
  let running = 0;
  let mostAtOnce = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const done = new Map<string, number[]>();
  const mark = (queue: string, n: number): void => {
    done.set(queue, [...(done.get(queue) ?? []), n]);
  };
  const attempts = new Map<number, number[]>();
  const errors: string[] = [];
  const log = {
    info: () => undefined,
    error: (_obj: object, msg: string) => void errors.push(msg),
  };

  beforeAll(async () => {
    t = await openTestDatabase();
    jobs = createJobs(t.db, { log, maintenanceIntervalSeconds: 1 });
    parallel = jobs.define<{ n: number }>(
      'test.parallel',
      async ({ n }) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await gate;
        running--;
        mark('parallel', n);
      },
      { workers: 2, batchSize: 3, pollingIntervalSeconds: 0.5 },
    );
    // A long poll: only a full batch asking again at once drains 20 jobs quickly.
    backlog = jobs.define<{ n: number }>('test.backlog', async ({ n }) => mark('backlog', n), {
      workers: 1,
      batchSize: 2,
      pollingIntervalSeconds: 5,
    });
    // Longer still: only wake() makes a job run before the next poll.
    sleepy = jobs.define<{ label: string }>('test.sleepy', async ({ label }) => mark(label, 0), {
      pollingIntervalSeconds: 60,
    });
    mixed = jobs.define<{ n: number; fail: boolean }>(
      'test.mixed',
      async ({ n, fail }, job) => {
        attempts.set(n, [...(attempts.get(n) ?? []), job.retryCount]);
        if (fail && job.retryCount === 0) throw new Error(`job ${n} fails once`);
      },
      { workers: 1, batchSize: 5, retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false },
    );
    await jobs.start();
  }, 60_000);
  afterAll(async () => {
    release();
    await jobs?.stop();
    await t?.close();
  });

  it('runs several jobs of one queue at the same time in one process', async () => {
    await t.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 12; n++) await parallel.send(trx, { n });
    });
    parallel.wake();
    // Two workers, three jobs each: six held at the gate together (one at a time before).
    await waitFor(() => running === 6, 20_000, 'six jobs running at once');
    release();
    await waitFor(() => (done.get('parallel') ?? []).length === 12, 20_000, 'all twelve jobs');
    expect(mostAtOnce).toBe(6);
  });

  it('drains a backlog without sleeping a poll between full batches', async () => {
    // Sent in one transaction, nobody woken: the first batch is found by a poll, the rest follow it.
    await t.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 20; n++) await backlog.send(trx, { n });
    });
    const started = Date.now();
    await waitFor(() => (done.get('backlog') ?? []).length === 20, 30_000, 'the backlog');
    // Ten batches sleeping 5 s between them would take 45 s or more.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('takes a job sent in a transaction as soon as the committed queue is woken', async () => {
    await sleep(500); // the worker's first poll at start has passed; the next is a minute away
    await t.db.transaction().execute(async (trx) => {
      await sleepy.send(trx, { label: 'after commit' });
    });
    sleepy.wake();
    await waitFor(() => done.has('after commit'), 20_000, 'the woken job');
    // Sent on db (no transaction to wait for), the queue wakes by itself.
    await sleepy.send(t.db, { label: 'on db' });
    await waitFor(() => done.has('on db'), 20_000, 'the job sent on db');
  }, 60_000);

  it('retries a failing job of a batch alone; its batch-mates run once', async () => {
    await t.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 5; n++) await mixed.send(trx, { n, fail: n === 2 });
    });
    mixed.wake();
    await waitFor(() => (attempts.get(2) ?? []).length === 2, 30_000, 'the failed job retried');
    await sleep(2500); // a wrongly failed batch-mate would be retried within this
    expect([...attempts.entries()].sort(([a], [b]) => a - b)).toEqual([
      [0, [0]],
      [1, [0]],
      [2, [0, 1]],
      [3, [0]],
      [4, [0]],
    ]);
    expect(errors.filter((e) => /job failed/.test(e))).toHaveLength(1);
  }, 60_000);
});
