import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvents, type Events } from '../src/events/events.ts';
import { createJobs, jobsSchemaFor, type Jobs } from '../src/jobs/jobs.ts';
import { openTestDatabase, sleep, waitFor, type TestDatabase } from './helpers/test-database.ts';

interface TestEvents {
  'order.paid': { orderId: string };
  'order.cancelled': { orderId: string };
}

/** Retry at once, so the test does not wait for the production back-off. */
const QUICK_RETRY = { retryDelaySeconds: 0, retryBackoff: false };

describe('domain events (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let t: TestDatabase;
  let jobs: Jobs;
  let events: Events<TestEvents>;
  /** Every call of a handler, whether or not its work committed. */
  const calls: { handler: string; orderId: string }[] = [];
  const errors: string[] = [];

  /** The handlers' work: one row per (handler, order) each time a handler's transaction commits. */
  const effects = async (handler: string) => {
    const { rows } = await sql<{
      order_id: string;
    }>`select order_id from test_effect where handler = ${handler}
      order by order_id`.execute(t.db);
    return rows.map((r) => r.order_id);
  };

  beforeAll(async () => {
    t = await openTestDatabase();
    await sql`create table test_effect (handler text not null, order_id text not null)`.execute(t.db);
    jobs = createJobs(t.db, {
      log: { info: () => undefined, error: (_o, msg) => void errors.push(msg) },
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    events = createEvents<TestEvents>(t.db, jobs);

    const failedOnce = new Set<string>();
    events.on(
      'order.paid',
      'test.flaky-points',
      async (trx, event) => {
        calls.push({ handler: 'test.flaky-points', orderId: event.payload.orderId });
        await sql`insert into test_effect values ('test.flaky-points', ${event.payload.orderId})`.execute(
          trx,
        );
        if (!failedOnce.has(event.id)) {
          failedOnce.add(event.id);
          throw new Error('points service unavailable'); // after writing: the write must roll back
        }
      },
      QUICK_RETRY,
    );
    events.on('order.paid', 'test.receipt', async (trx, event) => {
      calls.push({ handler: 'test.receipt', orderId: event.payload.orderId });
      await sql`insert into test_effect values ('test.receipt', ${event.payload.orderId})`.execute(trx);
    });
    // Outlives its expiry on the first call: pg-boss then hands the same event out again while the
    // first call is still running, as it does after a crash.
    events.on(
      'order.cancelled',
      'test.slow-refund',
      async (trx, event) => {
        calls.push({ handler: 'test.slow-refund', orderId: event.payload.orderId });
        await sleep(2500);
        await sql`insert into test_effect values ('test.slow-refund', ${event.payload.orderId})`.execute(trx);
      },
      { ...QUICK_RETRY, expireInSeconds: 1 },
    );
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  it('retries a handler that fails, and its work is done exactly once', async () => {
    const id = await t.db
      .transaction()
      .execute((trx) => events.publish(trx, { type: 'order.paid', payload: { orderId: 'A-1' } }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    await waitFor(async () => (await effects('test.flaky-points')).length > 0, 15_000, 'the retried handler');
    await waitFor(async () => (await effects('test.receipt')).length > 0, 15_000, 'the other handler');
    await sleep(1500); // more polls: nothing else may arrive
    expect(calls.filter((c) => c.handler === 'test.flaky-points')).toHaveLength(2);
    expect(errors).toContain('job failed; it will be retried while retries remain');
    expect(await effects('test.flaky-points')).toEqual(['A-1']);
    // The other handler of the same event has its own queue: the failure did not repeat it.
    expect(calls.filter((c) => c.handler === 'test.receipt')).toHaveLength(1);
    expect(await effects('test.receipt')).toEqual(['A-1']);
    const handled = await t.db
      .selectFrom('handled_event')
      .select(['event_id', 'handler'])
      .orderBy('handler')
      .execute();
    expect(handled).toEqual([
      { event_id: id, handler: 'test.flaky-points' },
      { event_id: id, handler: 'test.receipt' },
    ]);
  });

  it('does nothing when the same event is delivered again after its handler committed', async () => {
    const id = await t.db
      .transaction()
      .execute((trx) => events.publish(trx, { type: 'order.cancelled', payload: { orderId: 'C-1' } }));
    await waitFor(async () => (await effects('test.slow-refund')).length > 0, 15_000, 'the slow handler');
    const schema = await jobsSchemaFor(t.db);
    const job = async () => {
      const { rows } = await sql<{ retry_count: number; state: string }>`select retry_count, state::text
        from ${sql.table(`${schema}.job`)} where name = 'event.test.slow-refund'`.execute(t.db);
      return rows[0];
    };
    // The expired first delivery was retried; the second delivery found the event handled and completed.
    await waitFor(async () => (await job())?.state === 'completed', 15_000, 'the second delivery');
    expect((await job())?.retry_count).toBeGreaterThanOrEqual(1);
    expect(calls.filter((c) => c.handler === 'test.slow-refund')).toHaveLength(1);
    expect(await effects('test.slow-refund')).toEqual(['C-1']);
    const handled = await t.db
      .selectFrom('handled_event')
      .select('handler')
      .where('event_id', '=', id)
      .execute();
    expect(handled).toEqual([{ handler: 'test.slow-refund' }]);
  });

  it('never handles an event whose transaction rolled back', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await events.publish(trx, { type: 'order.paid', payload: { orderId: 'R-1' } });
        throw new Error('payment not captured');
      }),
    ).rejects.toThrow('payment not captured');
    await sleep(2000);
    expect(calls.filter((c) => c.orderId === 'R-1')).toEqual([]);
  });
});
