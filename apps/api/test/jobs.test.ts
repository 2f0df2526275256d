import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineHousekeeping } from '../src/jobs/housekeeping.ts';
import { createJobs, executorFor, jobsSchemaFor, type Jobs, type Queue } from '../src/jobs/jobs.ts';
import { openTestDatabase, sleep, waitFor, type TestDatabase } from './helpers/test-database.ts';

interface Run {
  queue: string;
  label: string;
  at: number;
}

describe('durable jobs (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let t: TestDatabase;
  let jobs: Jobs;
  let later: Queue<{ label: string }>;
  let withChange: Queue<{ label: string }>;
  let housekeeping: ReturnType<typeof defineHousekeeping>;
  const runs: Run[] = [];
  const logs: { msg: string; obj: object }[] = [];
  const log = {
    info: (obj: object, msg: string) => void logs.push({ obj, msg }),
    error: (obj: object, msg: string) => void logs.push({ obj, msg }),
  };

  beforeAll(async () => {
    t = await openTestDatabase();
    jobs = createJobs(t.db, { log, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    later = jobs.define<{ label: string }>('test.later', async ({ label }) => {
      runs.push({ queue: 'test.later', label, at: Date.now() });
    });
    withChange = jobs.define<{ label: string }>('test.with-change', async ({ label }) => {
      runs.push({ queue: 'test.with-change', label, at: Date.now() });
    });
    housekeeping = defineHousekeeping(jobs, { db: t.db, kind: t.kind, now: () => new Date(), log });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  it('runs a delayed job when it is due, not before', async () => {
    const sentAt = Date.now();
    await later.send(t.db, { label: 'in a second' }, { startAfter: 1 });
    await sleep(500);
    expect(runs.filter((r) => r.queue === 'test.later')).toEqual([]);
    await waitFor(() => runs.some((r) => r.label === 'in a second'), 10_000, 'the delayed job');
    const run = runs.find((r) => r.label === 'in a second');
    expect(run!.at - sentAt).toBeGreaterThanOrEqual(1000);
  });

  it('drops a job enqueued in a transaction that rolls back, and runs one whose transaction commits', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('member')
          .values({
            email: 'rolled.back@example.com',
            language: 'en',
            created_at: new Date(),
            updated_at: new Date(),
          })
          .execute();
        await withChange.send(trx, { label: 'rolled back' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('member')
        .values({
          email: 'committed@example.com',
          language: 'en',
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      await withChange.send(trx, { label: 'committed' });
    });

    await waitFor(() => runs.some((r) => r.label === 'committed'), 10_000, 'the committed job');
    await sleep(1500); // several polls: the rolled-back job would have run by now
    expect(runs.filter((r) => r.queue === 'test.with-change').map((r) => r.label)).toEqual(['committed']);
    const schema = await jobsSchemaFor(t.db);
    const { rows } = await sql<{
      label: string;
    }>`select data->>'label' as label from ${sql.table(`${schema}.job`)}
      where name = 'test.with-change'`.execute(t.db);
    expect(rows.map((r) => r.label)).toEqual(['committed']);
  });

  it('leaves no broken transaction behind when a script with its own BEGIN fails half-way', async () => {
    const executor = executorFor(t.db);
    await expect(executor.executeSql('BEGIN; SELECT 1; SELECT 1/0; COMMIT;', [])).rejects.toThrow(
      /division by zero/,
    );
    // On PGlite the one session must be usable again; on PostgreSQL so must the pooled connections.
    for (let i = 0; i < 4; i++) {
      const { rows } = await t.db.executeQuery<{ n: number }>(CompiledQuery.raw('select 1 as n'));
      expect(rows[0]?.n).toBe(1);
    }
    await t.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
    });
  });

  it('runs housekeeping as a job, with VACUUM on the embedded database', async () => {
    await housekeeping.runAtStart();
    await waitFor(() => logs.some((l) => l.msg === 'housekeeping'), 15_000, 'housekeeping');
    const entry = logs.find((l) => l.msg === 'housekeeping')!.obj as Record<string, unknown>;
    expect(entry).toMatchObject({ otpCodes: 0, refreshTokens: 0, families: 0, outbox: 0, handledEvents: 0 });
    expect('vacuumMs' in entry).toBe(t.kind === 'pglite');
  });
});
