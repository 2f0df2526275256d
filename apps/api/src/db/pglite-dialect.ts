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
export class PGliteDialect implements Dialect {
  readonly #open: () => Promise<PGlite>;
  readonly #afterClose: (() => void) | undefined;
  readonly #listeners = new Set<NotificationListener>();
  /** `afterClose` runs once PGlite has closed its files (the data folder's lock is released there). */
  constructor(open: () => Promise<PGlite>, afterClose?: () => void) {
    this.#open = open;
    this.#afterClose = afterClose;
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#open, this.#afterClose, this.#listeners);
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
    private readonly pg: PGlite,
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
  readonly #afterClose: (() => void) | undefined;
  readonly #lock = new Mutex();
  readonly #listeners: ReadonlySet<NotificationListener>;
  #pg: PGlite | undefined;

  constructor(
    open: () => Promise<PGlite>,
    afterClose: (() => void) | undefined,
    listeners: ReadonlySet<NotificationListener>,
  ) {
    this.#open = open;
    this.#afterClose = afterClose;
    this.#listeners = listeners;
  }

  async init(): Promise<void> {
    this.#pg = await this.#open();
    this.#pg.onNotification((channel, payload) => {
      for (const listener of this.#listeners) listener(channel, payload);
    });
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
    const pg = this.#pg;
    this.#pg = undefined;
    if (pg && !pg.closed) {
      // Wait for whoever holds the session to finish before closing it.
      const release = await this.#lock.acquire();
      try {
        await pg.close();
      } finally {
        release();
      }
    }
    this.#afterClose?.();
  }
}
