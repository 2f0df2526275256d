import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { watchChanges } from '../../db/change-watch.ts';
import type { Database } from '../../db/schema.ts';
import { nextWindowEdges } from './catalogue-version.repository.ts';

/** How often a process reads the catalogue's version: the longest another process's change stays unseen. */
export const CATALOGUE_POLL_MS = 1000;

/**
 * Whether what the catalogue's caches hold is still true. A generation number moves — and every
 * cache listening empties — when:
 * - the `catalogue_version` row (moved by triggers in the writer's transaction) reads differently:
 *   polled every CATALOGUE_POLL_MS, so another process's change is seen within that bound;
 * - the embedded database's session receives the triggers' NOTIFY: every writer of it is this
 *   process, so operator SQL through the app's db, the seed and services are seen at once;
 * - a service of this process says it changed the catalogue (`changed()`, after its commit): on
 *   PostgreSQL its own writes are seen at once too, not at the next poll;
 * - the clock passes the next start or end of an item, banner or coupon (answers depend on now).
 * An answer may be kept only if the version and the next clock edges were known when its computation
 * began and it ends in the same generation (`keeps` at both ends), so one that read the data before a
 * change can never be stored after it (until the first read, and while a poll fails, nothing is kept).
 */
export interface Freshness {
  /** The generation now (moving it first if the clock passed an edge). */
  current(): number;
  /** Whether an answer computed from generation `gen` may be kept. */
  keeps(gen: number): boolean;
  /** This process committed a change to the catalogue. */
  changed(): void;
  onChange(listener: () => void): void;
  /** Reads the version, listens, and polls until stop(). */
  start(): Promise<void>;
  stop(): void;
}

export const createFreshness = (
  db: Kysely<Database>,
  now: () => Date,
  log: FastifyBaseLogger,
  pollMs = CATALOGUE_POLL_MS,
): Freshness => {
  const listeners: (() => void)[] = [];
  let edges: { at: number; nextStart: number; nextEnd: number } | undefined;
  const watch = watchChanges(db, log, {
    table: 'catalogue_version',
    channel: 'catalogue_changed',
    what: 'catalogue',
    pollMs,
    onBump: () => {
      edges = undefined;
      for (const l of listeners) l();
      void loadEdges(watch.gen);
    },
  });

  const loadEdges = async (atGen: number) => {
    try {
      const at = now();
      const e = await nextWindowEdges(db, at);
      if (atGen === watch.gen)
        edges = {
          at: at.getTime(),
          nextStart: e.nextStart?.getTime() ?? Infinity,
          // An item is listed while its end ≥ now: it changes just after that instant.
          nextEnd: e.nextEnd?.getTime() ?? Infinity,
        };
    } catch (err) {
      log.warn({ err }, 'catalogue: reading the next start/end failed; answers are not kept');
    }
  };

  return {
    current() {
      const t = now().getTime();
      // A clock set back before the edges were read may be before an edge they did not look for.
      if (edges && (t < edges.at || t >= edges.nextStart || t > edges.nextEnd)) watch.bump();
      return watch.gen;
    },
    keeps: (g) => g === watch.gen && watch.known && edges !== undefined,
    changed: watch.bump,
    onChange: (l) => void listeners.push(l),
    start: watch.start,
    stop: watch.stop,
  };
};
