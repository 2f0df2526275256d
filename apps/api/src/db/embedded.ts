import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

export const DATE_OID = 1082;
const identity = (v: string) => v;

/**
 * Settings the embedded postgres starts with, on top of PGlite's own. Its WAL segments are 16 MB.
 * - max_wal_size 64MB: PGlite runs postgres in single-user mode, where no checkpointer process exists
 *   and checkpoint_timeout never fires; the only automatic checkpoint is the one this size requests
 *   (default 1GB, so the WAL grew by ~17 KB per order for ever and a restart replayed all of it).
 * - min_wal_size 32MB and wal_recycle off: a checkpoint deletes the segments it no longer needs
 *   instead of keeping up to 80 MB of renamed ones for later (the default), so the folder shrinks.
 */
export const EMBEDDED_SETTINGS = {
  max_wal_size: '64MB',
  min_wal_size: '32MB',
  wal_recycle: 'off',
} as const;

/**
 * One embedded database as the app opens it: `dir` on disk (created with its parents) or in memory
 * when undefined. `date` columns come back as 'YYYY-MM-DD' strings, as from `pg`.
 */
export const createEmbeddedPGlite = async (dir: string | undefined, loadDataDir?: Blob): Promise<PGlite> => {
  if (dir) mkdirSync(dir, { recursive: true }); // PGlite does not create missing parents.
  return PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: { [DATE_OID]: identity },
    // pg_trgm backs catalogue search (the catalogue migration runs CREATE EXTENSION).
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    // On Node, PGlite writes its files directly and its after-query "sync to file system" step does
    // nothing (a no-op in 0.5's NodeFS); not awaiting it saves ~0.5 ms on every query.
    relaxedDurability: true,
  });
};

/**
 * The whole database as SQL (pg_dump, INSERT statements, no owners or grants, so it loads into any
 * PostgreSQL role's database and into a fresh PGlite). pg_dump reads inside one repeatable-read
 * transaction; on the live server the caller also holds the session (see PGliteDialect.withSession),
 * so no half-finished transaction of the app is in it.
 */
export const dumpSql = async (pg: PGlite): Promise<string> => {
  try {
    const file = await pgDump({ pg, args: ['--no-owner', '--no-privileges'] });
    return await file.text();
  } finally {
    // A real pg_dump ends by disconnecting; here the session lives on. Its transaction stayed open (the
    // app's next statements failed as "current transaction is aborted") and its settings stayed set
    // (search_path '', extra_float_digits 3, …): back to the session's start values.
    await pg.exec('rollback; reset all');
  }
};
