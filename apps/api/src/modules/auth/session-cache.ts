import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { watchChanges } from '../../db/change-watch.ts';
import type { Database } from '../../db/schema.ts';
import type { SessionChanges } from '../../context.ts';
import { findFamily } from './session.repository.ts';

/** How often a process reads the sessions' version: the longest another process's revocation stays unseen. */
export const SESSION_POLL_MS = 1000;
export const SESSION_CACHE_MAX = 10_000;

/**
 * The answer to "is this session still active?" (a refresh-token family that exists and is not
 * revoked), kept per session so a signed-in request needs no query. It is forgotten the moment it may
 * be wrong — a generation number moves and every answer goes when:
 * - the `session_version` row (moved by a statement trigger on `refresh_token_family` in the
 *   writer's transaction) reads differently: polled every SESSION_POLL_MS, so another process's
 *   revocation is seen within that bound;
 * - the embedded database's session receives the trigger's NOTIFY (at commit; every writer of it is
 *   this process, so even plain SQL through the app's db is seen at once);
 * - a service of this process ends or revokes a session: `changing(id)` before its transaction (no
 *   answer about that session is read from or kept in memory meanwhile) and `changed(id)` after it
 *   ended, so a revocation committed here is never followed by an accepted token.
 * An answer is kept only if its query began and ended in one generation, with the version known (until
 * the first read, and while a poll fails, nothing is kept). Bounded: least recently used out first.
 */
export interface SessionCache extends SessionChanges {
  isActive(familyId: string): Promise<boolean>;
  readonly size: number;
  /** Reads the version, listens, and polls until stop(). */
  start(): Promise<void>;
  stop(): void;
}

export const createSessionCache = (
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  options: { pollMs?: number; max?: number } = {},
): SessionCache => {
  const answers = new LRUCache<string, boolean>({ max: options.max ?? SESSION_CACHE_MAX });
  const computing = new Map<string, Promise<boolean>>();
  /** Sessions a transaction of this process is changing right now: always asked of the database. */
  const pending = new Map<string, number>();
  const watch = watchChanges(db, log, {
    table: 'session_version',
    channel: 'session_changed',
    what: 'sessions',
    pollMs: options.pollMs ?? SESSION_POLL_MS,
    onBump: () => {
      answers.clear();
      computing.clear();
    },
  });

  const ask = async (familyId: string) => {
    const family = await findFamily(db, familyId);
    return family !== undefined && family.revoked_at === null;
  };

  return {
    isActive(familyId) {
      if (pending.has(familyId)) return ask(familyId);
      const hit = answers.get(familyId);
      if (hit !== undefined) return Promise.resolve(hit);
      const running = computing.get(familyId);
      if (running) return running;
      const started = watch.gen;
      const keepable = watch.known;
      const p = ask(familyId)
        .then((active) => {
          if (keepable && watch.known && started === watch.gen && !pending.has(familyId))
            answers.set(familyId, active);
          return active;
        })
        .finally(() => {
          if (computing.get(familyId) === p) computing.delete(familyId);
        });
      computing.set(familyId, p);
      return p;
    },
    changing(familyId) {
      pending.set(familyId, (pending.get(familyId) ?? 0) + 1);
      answers.delete(familyId);
      computing.delete(familyId);
    },
    changed(familyId) {
      const n = (pending.get(familyId) ?? 1) - 1;
      if (n > 0) pending.set(familyId, n);
      else pending.delete(familyId);
      watch.bump();
    },
    get size() {
      return answers.size;
    },
    start: watch.start,
    stop: watch.stop,
  };
};
