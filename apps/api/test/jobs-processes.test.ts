import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CHILD_TEST_TIMEOUT, spawnTs, stopChild, type Child } from './helpers/child-process.ts';
import { openTestDatabase, sleep, type TestDatabase } from './helpers/test-database.ts';

const WORKER = fileURLToPath(new URL('./fixtures/job-worker.ts', import.meta.url));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('jobs across processes (PGlite in DATA_DIR, or PostgreSQL with TEST_DATABASE_URL)', () => {
  const children: Child[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  const worker = (env: Record<string, string | undefined>) => {
    const c = spawnTs(WORKER, env);
    children.push(c);
    return c;
  };
  /** Where the workers keep their jobs: a fresh PostgreSQL schema, or a fresh data folder. */
  const databaseEnv = async (): Promise<Record<string, string>> => {
    if (onPostgres) {
      const t: TestDatabase = await openTestDatabase();
      cleanups.push(() => t.close());
      return { DATABASE_URL: t.url! };
    }
    const dir = mkdtempSync(join(tmpdir(), 'jobs-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { DATA_DIR: dir, DATABASE_URL: '' };
  };
  afterEach(async () => {
    await Promise.all(children.splice(0).map((c) => stopChild(c)));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'runs a job again after the process running it was killed (SIGKILL)',
    async () => {
      const env = { ...(await databaseEnv()), MODE: 'interrupted' };
      const first = worker({ ...env, SEND: '1' });
      const started = await first.waitForLine((l) => l.event === 'started', 60_000, 'the first attempt');
      expect(started.retryCount).toBe(0);
      first.process.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      expect(first.lines.some((l) => l.event === 'completed')).toBe(false);

      // Same data: the job is still claimed by the dead process until it expires (3 s), then retried.
      const second = worker(env);
      const done = await second.waitForLine((l) => l.event === 'completed', 60_000, 'the retried job');
      expect(done).toMatchObject({ jobId: started.jobId, retryCount: 1 });
      expect(second.lines.filter((l) => l.event === 'started')).toHaveLength(1);
    },
    CHILD_TEST_TIMEOUT,
  );

  it.skipIf(!onPostgres)(
    'runs a cron job once per period with two processes on one PostgreSQL',
    async () => {
      // pg-boss's cron unit is one minute: stay inside one minute so the run count is exact.
      const second = new Date().getSeconds();
      if (second > 40) await sleep((61 - second) * 1000);
      const env = { ...(await databaseEnv()), MODE: 'cron' };
      const a = worker(env);
      const b = worker(env);
      await Promise.all([a, b].map((c) => c.waitForLine((l) => l.event === 'ready', 60_000, 'ready')));
      await Promise.race([a, b].map((c) => c.waitForLine((l) => l.event === 'ran', 15_000, 'the cron job')));
      await sleep(4000); // both processes check the schedule every second meanwhile
      const runs = [...a.lines, ...b.lines].filter((l) => l.event === 'ran');
      const perMinute = new Map<number, number>();
      for (const r of runs)
        perMinute.set(Math.floor(r.at / 60_000), (perMinute.get(Math.floor(r.at / 60_000)) ?? 0) + 1);
      expect([...perMinute.values()].every((n) => n === 1)).toBe(true);
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs.length).toBe(perMinute.size);
    },
    CHILD_TEST_TIMEOUT,
  );
});
