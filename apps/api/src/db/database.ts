import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { listenControlSocket, type ControlSocket } from './control-socket.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { createEmbeddedPGlite, DATE_OID, dumpSql } from './embedded.ts';
import { PGliteDialect, type NotificationListener } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

const identity = (v: string) => v;

/** How often the running embedded database looks whether a CHECKPOINT is due (PGliteDialectOptions). */
export const CHECKPOINT_CHECK_MS = 30_000;

export interface DatabaseOptions {
  /** postgres://… → a pg pool; unset → embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite files go to `<dataDir>/pglite`; 'memory://' keeps them in memory (tests). */
  dataDir: string;
  /** PostgreSQL only: the schema every unqualified name resolves to (tests isolate files by schema). */
  searchPath?: string;
  /** PostgreSQL only. */
  poolSize?: number;
  /** Embedded only: start from a copy of this data folder (from `dumpEmbedded`) instead of an empty one. */
  loadDataDir?: Blob;
  /** Embedded only: how often to look whether the WAL needs a CHECKPOINT (default 30 s; 0 = only at close). */
  checkpointCheckMs?: number;
  /** Embedded only: answer `npm run backup` on `<dataDir>/pglite.sock` (default on for a folder). */
  controlSocket?: boolean;
}

export type DatabaseKind = 'pglite' | 'postgres';

export const databaseKind = (opts: Pick<DatabaseOptions, 'databaseUrl'>): DatabaseKind =>
  opts.databaseUrl ? 'postgres' : 'pglite';

/** Opens the database. `date` columns come back as 'YYYY-MM-DD' strings on both drivers. */
export const openDatabase = (opts: DatabaseOptions): Kysely<Database> => {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === DATE_OID ? identity : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  // Taken before anything is opened, so a second process on the same folder stops here, at start.
  const unlock = inMemory ? undefined : lockDataDir(opts.dataDir);
  let instance: PGlite | undefined;
  let control: ControlSocket | undefined;
  const open = async () => {
    instance = await createEmbeddedPGlite(
      inMemory ? undefined : join(opts.dataDir, 'pglite'),
      opts.loadDataDir,
    );
    if (!inMemory && opts.controlSocket !== false)
      // Without the socket the server still runs; `npm run backup` then says it cannot reach it.
      control = await listenControlSocket(opts.dataDir, () => backupEmbedded(db)).catch(() => undefined);
    return instance;
  };
  const dialect = new PGliteDialect(open, {
    // An in-memory database has no files to trim and no restart to speed up.
    ...(inMemory ? {} : { checkpointCheckMs: opts.checkpointCheckMs ?? CHECKPOINT_CHECK_MS }),
    beforeClose: async () => {
      await control?.close();
    },
    afterClose: unlock,
  });
  const db = new Kysely<Database>({ dialect });
  embedded.set(db, dialect);
  dumps.set(db, async () => {
    await sql`select 1`.execute(db); // opens it, if nothing has yet
    return instance!.dumpDataDir('none');
  });
  return db;
};

const embedded = new WeakMap<Kysely<Database>, PGliteDialect>();
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** A pg.Pool's connections: all, idle, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The pool's counts on PostgreSQL; undefined on the embedded database, which has one session. */
export const poolStatsOf = (db: Kysely<Database>): PoolStats | undefined => {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
};
const dumps = new WeakMap<Kysely<Database>, () => Promise<Blob>>();

/**
 * The embedded database's data folder as a tarball, for `loadDataDir`: tests open a migrated copy in
 * about half the time an empty cluster takes to initialise. Call it while nothing else runs.
 */
export const dumpEmbedded = (db: Kysely<Database>): Promise<Blob> => {
  const dump = dumps.get(db);
  if (!dump) throw new Error('dumpEmbedded: not an embedded database');
  return dump();
};

/**
 * The running embedded database as SQL (pg_dump), taken while no transaction of the app is open:
 * requests wait for the dump (about 2 s for 5,000 orders). The online half of `npm run backup`.
 */
export const backupEmbedded = async (db: Kysely<Database>): Promise<string> => {
  const dialect = embedded.get(db);
  if (!dialect) throw new Error('backupEmbedded: not an embedded database');
  await sql`select 1`.execute(db); // opens it, if nothing has yet
  return dialect.withSession(dumpSql);
};

/** Embedded only: the WAL check the timer runs, now (tests, the bench); true when a checkpoint ran. */
export const checkpointIfDue = (db: Kysely<Database>): Promise<boolean> => {
  const dialect = embedded.get(db);
  if (!dialect) throw new Error('checkpointIfDue: not an embedded database');
  return dialect.checkpointIfDue();
};

/**
 * On the embedded database: calls `listener` for every NOTIFY its one session receives (run `LISTEN
 * <channel>` through `db` too), and returns the way to stop. Every writer of an embedded database is
 * this process, so a notification there means "just committed here". undefined on PostgreSQL, where
 * other processes write too and a notification would need a connection of its own.
 */
export const onNotification = (
  db: Kysely<Database>,
  listener: NotificationListener,
): (() => void) | undefined => embedded.get(db)?.onNotification(listener);

/** Postgres unique_violation, the same code from pg and PGlite. */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === '23505' &&
  (constraint === undefined || (err as { constraint?: unknown }).constraint === constraint);
