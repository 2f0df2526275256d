import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { onNotification } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import {
  listenForCatalogueChanges,
  nextWindowEdges,
  readCatalogueVersion,
} from './catalogue-version.repository.ts';

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
  let gen = 0;
  let version: string | undefined;
  let edges: { at: number; nextStart: number; nextEnd: number } | undefined;
  let polling = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => void) | undefined;

  const loadEdges = async (atGen: number) => {
    try {
      const at = now();
      const e = await nextWindowEdges(db, at);
      if (atGen === gen)
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

  const bump = () => {
    gen += 1;
    edges = undefined;
    for (const l of listeners) l();
    void loadEdges(gen);
  };

  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      const v = await readCatalogueVersion(db);
      if (v !== version) {
        version = v;
        bump();
      }
    } catch (err) {
      // Unsure what changed: keep nothing until a read succeeds again.
      log.warn({ err }, 'catalogue: reading the catalogue version failed');
      version = undefined;
      bump();
    } finally {
      polling = false;
    }
  };

  return {
    current() {
      const t = now().getTime();
      // A clock set back before the edges were read may be before an edge they did not look for.
      if (edges && (t < edges.at || t >= edges.nextStart || t > edges.nextEnd)) bump();
      return gen;
    },
    keeps: (g) => g === gen && version !== undefined && edges !== undefined,
    changed: bump,
    onChange: (l) => void listeners.push(l),
    async start() {
      unlisten = onNotification(db, (channel) => {
        if (channel === 'catalogue_changed') bump();
      });
      if (unlisten) await listenForCatalogueChanges(db);
      await poll();
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      unlisten?.();
    },
  };
};
