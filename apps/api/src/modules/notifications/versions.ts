import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { watchChanges } from '../../db/change-watch.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from './notify.ts';

/** How often a process reads the global change counter: the longest another process's change stays unseen. */
export const NOTIFICATION_POLL_MS = 1000;
export const NOTIFICATION_VERSIONS_MAX = 50_000;

/**
 * Each member's list version (the ETag), kept in memory so an unchanged poll answers 304 with no query
 * at all. The version rows are moved by the notification table's trigger in the writer's transaction;
 * what is kept here is forgotten the moment it may be wrong, by moving a generation number, when:
 * - the `notification_changes` counter (moved by the same trigger) reads differently: polled every
 *   NOTIFICATION_POLL_MS, so another process's change is seen within that bound (then every kept
 *   version goes: the next poll of each member reads one primary-key row, never the notifications);
 * - the embedded database's session receives the trigger's NOTIFY naming the member (at commit; every
 *   writer of it is this process, so a change is seen at once);
 * - a route of this process changed the member's list (`changed(memberId)` after its commit).
 * A version read is kept only if its read began and ended in one generation with the counter known,
 * so one read before a change can never be stored after it. Bounded: least recently used out first.
 */
export interface NotificationVersions {
  /** The member's version now ('0' before their first notification). */
  versionOf(memberId: string): Promise<string>;
  changed(memberId: string): void;
  readonly size: number;
  start(): Promise<void>;
  stop(): void;
}

export const readMemberVersion = async (db: Db, memberId: string): Promise<string> => {
  const row = await db
    .selectFrom('notification_version')
    .select(sql<string>`version::text`.as('version'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.version ?? '0';
};

export const createNotificationVersions = (
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  options: { pollMs?: number; max?: number } = {},
): NotificationVersions => {
  const versions = new LRUCache<string, string>({ max: options.max ?? NOTIFICATION_VERSIONS_MAX });
  // Only this member's answer changed, but a read of it may be in flight: the generation stops it being kept.
  const forget = (memberId: string) => {
    watch.advance();
    versions.delete(memberId);
  };
  const watch = watchChanges(db, log, {
    table: 'notification_changes',
    channel: 'notification_changed',
    what: 'notifications',
    pollMs: options.pollMs ?? NOTIFICATION_POLL_MS,
    onBump: () => versions.clear(),
    onNotify: forget,
  });

  return {
    async versionOf(memberId) {
      const hit = versions.get(memberId);
      if (hit !== undefined) return hit;
      const started = watch.gen;
      const keepable = watch.known;
      const version = await readMemberVersion(db, memberId);
      if (keepable && watch.known && started === watch.gen) versions.set(memberId, version);
      return version;
    },
    changed: forget,
    get size() {
      return versions.size;
    },
    start: watch.start,
    stop: watch.stop,
  };
};
