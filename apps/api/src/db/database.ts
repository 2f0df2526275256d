import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { PGliteDialect, type NotificationListener } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

const DATE_OID = 1082;
const identity = (v: string) => v;

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
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  // Taken before anything is opened, so a second process on the same folder stops here, at start.
  const unlock = inMemory ? undefined : lockDataDir(opts.dataDir);
  const open = async () => {
    const dir = inMemory ? undefined : join(opts.dataDir, 'pglite');
    if (dir) mkdirSync(dir, { recursive: true }); // PGlite does not create missing parents.
    instance = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      parsers: { [DATE_OID]: identity },
      // pg_trgm backs catalogue search (the catalogue migration runs CREATE EXTENSION).
      extensions: { pg_trgm },
      // On Node, PGlite writes its files directly and its after-query "sync to file system" step does
      // nothing (a no-op in 0.5's NodeFS); not awaiting it saves ~0.5 ms on every query.
      relaxedDurability: true,
    });
    return instance;
  };
  let instance: PGlite | undefined;
  const dialect = new PGliteDialect(open, unlock);
  const db = new Kysely<Database>({ dialect });
  embedded.set(db, dialect);
  dumps.set(db, async () => {
    await sql`select 1`.execute(db); // opens it, if nothing has yet
    return instance!.dumpDataDir('none');
  });
  return db;
};

const embedded = new WeakMap<Kysely<Database>, PGliteDialect>();
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
