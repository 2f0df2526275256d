import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointIfDue, openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';

const MB = 1024 * 1024;

/** Bytes of WAL segment files in the data folder. */
const walOnDisk = (dataDir: string) => {
  const dir = join(dataDir, 'pglite', 'pg_wal');
  return readdirSync(dir)
    .filter((f) => /^[0-9A-F]{24}$/.test(f))
    .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
};

const walSinceCheckpoint = async (db: Kysely<Database>) =>
  Number(
    (
      await sql<{ bytes: number }>`
        select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()`.execute(
        db,
      )
    ).rows[0]?.bytes,
  );

describe('the embedded database keeps its WAL small', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'db-wal-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('checkpoints once 16 MB of WAL piled up, deletes the segments behind it, and checkpoints at close', async () => {
    // The timer is off: the test calls the check the timer makes.
    let db = openDatabase({ dataDir, checkpointCheckMs: 0, controlSocket: false });
    await sql`create table wal_fill (v text)`.execute(db);
    expect(await checkpointIfDue(db)).toBe(false);
    // ~40 MB of WAL, more than two 16 MB segments.
    for (let i = 0; i < 40; i++)
      await sql`insert into wal_fill select repeat(md5(g::text), 32) from generate_series(1, 1000) g`.execute(
        db,
      );
    const before = walOnDisk(dataDir);
    expect(before).toBeGreaterThanOrEqual(48 * MB);
    expect(await checkpointIfDue(db)).toBe(true);
    // The segments the checkpoint no longer needs are deleted, not kept for reuse (80 MB by default).
    expect(walOnDisk(dataDir)).toBeLessThanOrEqual(32 * MB);
    expect(await checkpointIfDue(db)).toBe(false);

    await sql`insert into wal_fill select repeat(md5(g::text), 32) from generate_series(1, 1000) g`.execute(
      db,
    );
    expect(await walSinceCheckpoint(db)).toBeGreaterThan(MB);
    await db.destroy();
    // A clean stop leaves nothing to replay at the next start.
    db = openDatabase({ dataDir, checkpointCheckMs: 0, controlSocket: false });
    expect(await walSinceCheckpoint(db)).toBeLessThan(64 * 1024);
    expect(walOnDisk(dataDir)).toBeLessThanOrEqual(32 * MB);
    await db.destroy();
  }, 180_000);
});
