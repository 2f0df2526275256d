import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect for PGlite. PGlite is ONE Postgres session: if two Kysely transactions shared it,
 * their statements would interleave inside one BEGIN…COMMIT and a rollback would undo the other's
 * work (the failure seen with kysely-pglite). So the driver hands out that single connection under a
 * mutex: a transaction holds it from BEGIN to COMMIT/ROLLBACK and every other query waits its turn.
 * Consequence: inside `db.transaction().execute(trx => …)` always use `trx`, never `db` — a query on
 * `db` would wait for the lock its own transaction holds.
 */
export interface PGliteDialectOptions {
  /**
   * Look this often at the WAL written since the last checkpoint, and CHECKPOINT once it passes
   * `checkpointWalBytes` (and always at close). PGlite runs postgres in single-user mode: there is no
   * checkpointer process, so neither checkpoint_timeout nor max_wal_size ever starts one (the size
   * check runs only under a postmaster); without these every WAL record since the start stays on
   * disk and is replayed after an unclean stop. Unset: no checkpoints (an in-memory database).
   */
  checkpointCheckMs?: number;
  /** See checkpointCheckMs. Default 16 MB: one WAL segment, ~1,000 orders. */
  checkpointWalBytes?: number;
  /** Runs at destroy before the session is closed (e.g. to stop serving backups). */
  beforeClose?: () => Promise<void>;
  /** Runs once PGlite has closed its files (the data folder's lock is released there). */
  afterClose?: (() => void) | undefined;
}

export class PGliteDialect implements Dialect {
  readonly #open: () => Promise<PGlite>;
  readonly #options: PGliteDialectOptions;
  readonly #listeners = new Set<NotificationListener>();
  #driver: PGliteDriver | undefined;
  constructor(open: () => Promise<PGlite>, options: PGliteDialectOptions = {}) {
    this.#open = open;
    this.#options = options;
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.#driver = new PGliteDriver(this.#open, this.#options, this.#listeners);
    return this.#driver;
  }
  /**
   * Runs `fn` with the session to itself: no transaction is open and none starts until it returns
   * (what a consistent pg_dump of the live database needs). Opens the database if nothing has yet.
   */
  withSession<T>(fn: (pg: PGlite) => Promise<T>): Promise<T> {
    return this.#initialised().withSession(fn);
  }
  /** Runs the WAL check now (what the timer does); true when a checkpoint ran. */
  checkpointIfDue(): Promise<boolean> {
    return this.#initialised().checkpointIfDue();
  }
  #initialised(): PGliteDriver {
    if (!this.#driver) throw new Error('PGlite dialect: no driver yet (run a query through Kysely first)');
    return this.#driver;
  }
  /**
   * Calls `listener` for every NOTIFY the session receives (after the sender's commit). Only the
   * callback: the LISTEN itself must go through Kysely, under the session's lock — PGlite's own
   * listen() would run it in whatever transaction holds the session at that moment.
   */
  onNotification(listener: NotificationListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

export type NotificationListener = (channel: string, payload: string) => void;

const DEFAULT_CHECKPOINT_WAL_BYTES = 16 * 1024 * 1024;
const WAL_SINCE_CHECKPOINT =
  'select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A FIFO lock: `acquire()` resolves with the function that releases it. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => {
      release = r;
    });
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    readonly pg: PGlite,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // query() runs exactly one statement. A parameterless script (pg-boss sends `BEGIN; …; COMMIT;`) goes
    // to exec(), which runs any parameterless SQL, so a `;` inside a literal sent here costs nothing.
    if (query.parameters.length === 0 && /;\s*\S/.test(query.sql)) {
      const results = await this.pg.exec(query.sql);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    }
    const res = await this.pg.query<R>(query.sql, [...query.parameters]);
    const command = (res as { command?: string }).command;
    const changes =
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      rows: res.rows,
      ...(changes ? { numAffectedRows: BigInt(res.affectedRows ?? 0) } : {}),
    };
  }

  // PGlite has no cursors over its single session: run the query and hand the rows out in chunks.
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

class PGliteDriver implements Driver {
  readonly #open: () => Promise<PGlite>;
  readonly #options: PGliteDialectOptions;
  readonly #lock = new Mutex();
  readonly #listeners: ReadonlySet<NotificationListener>;
  #pg: PGlite | undefined;
  #checkpoints: NodeJS.Timeout | undefined;

  constructor(
    open: () => Promise<PGlite>,
    options: PGliteDialectOptions,
    listeners: ReadonlySet<NotificationListener>,
  ) {
    this.#open = open;
    this.#options = options;
    this.#listeners = listeners;
  }

  async init(): Promise<void> {
    this.#pg = await this.#open();
    this.#pg.onNotification((channel, payload) => {
      for (const listener of this.#listeners) listener(channel, payload);
    });
    const every = this.#options.checkpointCheckMs;
    if (every && every > 0) {
      this.#checkpoints = setInterval(() => {
        // A failed checkpoint is tried again at the next tick and at close; it never stops the server.
        this.checkpointIfDue().catch(() => {});
      }, every);
      this.#checkpoints.unref();
    }
  }

  /** CHECKPOINT when the WAL since the last one passed the threshold; true when it ran. */
  checkpointIfDue(): Promise<boolean> {
    const limit = this.#options.checkpointWalBytes ?? DEFAULT_CHECKPOINT_WAL_BYTES;
    return this.withSession(async (pg) => {
      const { rows } = await pg.query<{ bytes: number }>(WAL_SINCE_CHECKPOINT);
      if ((rows[0]?.bytes ?? 0) < limit) return false;
      await pg.exec('checkpoint');
      return true;
    });
  }

  async withSession<T>(fn: (pg: PGlite) => Promise<T>): Promise<T> {
    const conn = await this.acquireConnection();
    try {
      return await fn((conn as PGliteConnection).pg);
    } finally {
      await this.releaseConnection(conn);
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#lock.acquire();
    if (!this.#pg) {
      release();
      throw new Error('PGlite driver is not initialised or was destroyed');
    }
    return new PGliteConnection(this.#pg, release);
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = 'begin';
    if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) sql += ` ${settings.accessMode}`;
    await conn.executeQuery(CompiledQuery.raw(sql));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    (conn as PGliteConnection).release();
  }

  async destroy(): Promise<void> {
    clearInterval(this.#checkpoints);
    try {
      await this.#options.beforeClose?.();
    } finally {
      const pg = this.#pg;
      this.#pg = undefined;
      if (pg && !pg.closed) {
        // Wait for whoever holds the session to finish before closing it.
        const release = await this.#lock.acquire();
        try {
          // The next start then replays nothing, and the WAL behind this point can go.
          if (this.#options.checkpointCheckMs !== undefined) await pg.exec('checkpoint').catch(() => {});
          await pg.close();
        } finally {
          release();
        }
      }
      this.#options.afterClose?.();
    }
  }
}
