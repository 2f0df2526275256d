import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

const insertMember = (db: Kysely<Database>, email: string) =>
  db
    .insertInto('member')
    .values({ email, language: 'en', created_at: new Date(), updated_at: new Date() })
    .execute();

/**
 * Two transactions in flight at once: A writes, waits until B has started, then fails; B writes and
 * commits. Only B's row may remain. On PGlite (one session) this only holds because the driver
 * serialises transactions; on PostgreSQL it is the server's isolation.
 */
const concurrentCommitAndRollback = async (db: Kysely<Database>) => {
  const bStarted = deferred();
  const a = db.transaction().execute(async (trx) => {
    await insertMember(trx, 'rolled.back@example.com');
    await Promise.race([bStarted.promise, new Promise((r) => setTimeout(r, 200))]);
    throw new Error('roll back A');
  });
  const b = db.transaction().execute(async (trx) => {
    bStarted.resolve();
    await insertMember(trx, 'committed@example.com');
    await insertMember(trx, 'committed.too@example.com');
  });
  const [ra, rb] = await Promise.allSettled([a, b]);
  expect(ra.status).toBe('rejected');
  expect(rb.status).toBe('fulfilled');
  const emails = (await db.selectFrom('member').select('email').orderBy('email').execute()).map(
    (r) => r.email,
  );
  expect(emails).toEqual(['committed.too@example.com', 'committed@example.com']);
};

describe('PGlite dialect (embedded database)', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  it('isolates concurrent transactions: a rolled-back one leaves nothing while another commits', async () => {
    await concurrentCommitAndRollback(db);
  });

  it('keeps plain queries out of a running transaction and reports affected rows', async () => {
    const inTx = deferred();
    const release = deferred();
    const tx = db.transaction().execute(async (trx) => {
      await insertMember(trx, 'inside.tx@example.com');
      inTx.resolve();
      await release.promise;
      throw new Error('roll back');
    });
    await inTx.promise;
    // Queued behind the transaction: it must see the state after the rollback, not the uncommitted row.
    const outside = db
      .selectFrom('member')
      .select('email')
      .where('email', '=', 'inside.tx@example.com')
      .execute();
    release.resolve();
    await expect(tx).rejects.toThrow('roll back');
    expect(await outside).toEqual([]);

    const res = await db
      .updateTable('member')
      .set({ language: 'th' })
      .where('email', 'like', 'committed%')
      .executeTakeFirst();
    expect(res.numUpdatedRows).toBe(2n);
    const count = await db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('returns dates as YYYY-MM-DD and supports savepoints', async () => {
    const trx = await db.startTransaction().execute();
    await trx
      .updateTable('member')
      .set({ date_of_birth: '1990-04-30' })
      .where('email', '=', 'committed@example.com')
      .execute();
    const sp = await trx.savepoint('sp1').execute();
    await sp
      .updateTable('member')
      .set({ date_of_birth: '2000-01-01' })
      .where('email', '=', 'committed@example.com')
      .execute();
    await sp.rollbackToSavepoint('sp1').execute();
    await trx.commit().execute();
    const row = await db
      .selectFrom('member')
      .select('date_of_birth')
      .where('email', '=', 'committed@example.com')
      .executeTakeFirstOrThrow();
    expect(row.date_of_birth).toBe('1990-04-30');
  });

  it('keeps its data in DATA_DIR across restarts, and migrations run once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-'));
    try {
      const first = openDatabase({ dataDir: join(dir, 'nested', 'data') }); // parents are created
      const applied = await migrateToLatest(first);
      expect(applied.results?.length).toBeGreaterThan(0);
      await insertMember(first, 'kept@example.com');
      await first.destroy();

      const second = openDatabase({ dataDir: join(dir, 'nested', 'data') });
      const again = await migrateToLatest(second);
      expect(again.results).toEqual([]);
      const rows = await second.selectFrom('member').select('email').execute();
      expect(rows.map((r) => r.email)).toEqual(['kept@example.com']);
      await second.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('isolates concurrent transactions', async () => {
    await concurrentCommitAndRollback(t.db);
  });

  it('runs the same SQL on both engines (aggregates are numbers after Number())', async () => {
    const r = await sql<{ n: string | number }>`select count(*) as n from member`.execute(t.db);
    expect(Number(r.rows[0]?.n)).toBe(2);
  });
});
