import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { onNotification } from './database.ts';
import type { Database } from './schema.ts';

/** The one-row counters that triggers move in the writer's transaction, one per kind of cached answer. */
export type ChangeCounter = 'session_version' | 'notification_changes' | 'catalogue_version';

/** A change counter's value, as text (it only has to compare equal or not). */
export const readChangeCounter = async (db: Kysely<Database>, table: ChangeCounter): Promise<string> =>
  (
    await db
      .selectFrom(table)
      .select(sql<string>`version::text`.as('version'))
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
  ).version;

export interface ChangeWatchOptions {
  table: ChangeCounter;
  /** The NOTIFY channel the counter's trigger raises (the embedded database only). */
  channel: string;
  /** Named in the log line when a poll fails. */
  what: string;
  pollMs: number;
  /** Every kept answer may be wrong now: the generation has moved, empty what the cache holds. */
  onBump: () => void;
  /** A NOTIFY arrived (its payload); by default everything is bumped. */
  onNotify?: (payload: string) => void;
}

/**
 * The generation number of an in-memory cache over data that other processes may change too. The
 * counter is polled every `pollMs`, so another process's change is seen within that bound; on the
 * embedded database (whose every writer is this process) the trigger's NOTIFY is seen at commit. When
 * the counter reads differently the generation moves and `onBump` empties the cache; when a read
 * fails nothing is known (`known` is false) until a read succeeds again, so nothing may be kept.
 * An answer may be kept only if it began and ended in one generation with the counter known.
 */
export interface ChangeWatch {
  readonly gen: number;
  /** The counter has been read, and the last poll did not fail. */
  readonly known: boolean;
  /** Moves the generation and empties the cache. */
  bump(): void;
  /** Moves the generation only (a caller forgets one answer itself; a read in flight must not be kept). */
  advance(): void;
  /** Reads the counter, listens, and polls until stop(). */
  start(): Promise<void>;
  stop(): void;
}

export const watchChanges = (
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  o: ChangeWatchOptions,
): ChangeWatch => {
  let gen = 0;
  let counter: string | undefined;
  let polling = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => void) | undefined;

  const bump = () => {
    gen += 1;
    o.onBump();
  };

  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      const v = await readChangeCounter(db, o.table);
      if (v !== counter) {
        counter = v;
        bump();
      }
    } catch (err) {
      // Unsure what changed: keep nothing until a read succeeds again.
      log.warn({ err }, `${o.what}: reading the ${o.table} counter failed`);
      counter = undefined;
      bump();
    } finally {
      polling = false;
    }
  };

  return {
    get gen() {
      return gen;
    },
    get known() {
      return counter !== undefined;
    },
    bump,
    advance() {
      gen += 1;
    },
    async start() {
      unlisten = onNotification(db, (channel, payload) => {
        if (channel === o.channel) (o.onNotify ?? bump)(payload);
      });
      if (unlisten) await sql`listen ${sql.id(o.channel)}`.execute(db);
      await poll();
      timer = setInterval(() => void poll(), o.pollMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      unlisten?.();
    },
  };
};
