import type { Language, NotificationType } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from './notify.ts';

export interface StoredSubscription {
  id: string;
  member_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const findSubscriptionByEndpoint = (db: Db, endpoint: string) =>
  db
    .selectFrom('push_subscription')
    .select(['id', 'member_id', 'endpoint', 'p256dh', 'auth'])
    .where('endpoint', '=', endpoint)
    .forUpdate()
    .executeTakeFirst();

export const insertSubscription = async (
  db: Db,
  s: { memberId: string; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<string> =>
  (
    await db
      .insertInto('push_subscription')
      .values({
        member_id: s.memberId,
        endpoint: s.endpoint,
        p256dh: s.p256dh,
        auth: s.auth,
        created_at: s.now,
        updated_at: s.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const updateSubscription = (
  db: Db,
  id: string,
  s: { memberId: string; p256dh: string; auth: string; now: Date },
) =>
  db
    .updateTable('push_subscription')
    .set({ member_id: s.memberId, p256dh: s.p256dh, auth: s.auth, updated_at: s.now })
    .where('id', '=', id)
    .execute();

/** Deletes the member's own subscription `id`; false when there is none of theirs with that id. */
export const deleteOwnSubscription = async (db: Db, memberId: string, id: string): Promise<boolean> => {
  const { numDeletedRows } = await db
    .deleteFrom('push_subscription')
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return numDeletedRows > 0n;
};

/** Every subscription of the member (their outbox rows go with them). */
export const deleteMemberSubscriptions = (db: Db, memberId: string) =>
  db.deleteFrom('push_subscription').where('member_id', '=', memberId).execute();

export const deleteSubscription = (db: Db, id: string) =>
  db.deleteFrom('push_subscription').where('id', '=', id).execute();

/** A due push, with what it takes to render and send it. */
export interface ClaimedPush {
  id: string;
  attempts: number;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: Language;
  notification_id: string;
  type: NotificationType;
  params: Record<string, unknown>;
  is_read: boolean;
  created_at: Date;
}

/**
 * Takes up to `limit` due pushes and leases them until `leaseUntil` (another worker skips them, and
 * a worker that died leaves them due again then). Short: committed before anything is sent.
 */
export const claimDuePushes = (
  db: Kysely<Database>,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedPush[]> =>
  db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('push_outbox')
      .select('id')
      .where((eb) => eb.or([eb('attempt_after', 'is', null), eb('attempt_after', '<=', now)]))
      .orderBy(sql`attempt_after nulls first`)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (!due.length) return [];
    const ids = due.map((d) => d.id);
    await trx
      .updateTable('push_outbox')
      .set((eb) => ({ attempt_after: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', ids)
      .execute();
    const rows = await trx
      .selectFrom('push_outbox as o')
      .innerJoin('push_subscription as s', 's.id', 'o.subscription_id')
      .innerJoin('notification as n', 'n.id', 'o.notification_id')
      .innerJoin('member as m', 'm.id', 'n.member_id')
      .select([
        sql<string>`o.id::text`.as('id'),
        'o.attempts',
        'o.subscription_id',
        's.endpoint',
        's.p256dh',
        's.auth',
        'm.language',
        'o.notification_id',
        'n.type',
        'n.params',
        'n.is_read',
        'n.created_at',
      ])
      .where('o.id', 'in', ids)
      .execute();
    return rows.map((r) => ({ ...r, params: r.params }));
  });

export const finishPush = (db: Kysely<Database>, id: string) =>
  db.deleteFrom('push_outbox').where('id', '=', id).execute();

export const retryPushAt = (db: Kysely<Database>, id: string, at: Date) =>
  db.updateTable('push_outbox').set({ attempt_after: at }).where('id', '=', id).execute();

/** Whether any push is due: the cheap probe the poller makes before waking the queue. */
export const anyPushDue = async (db: Kysely<Database>, now: Date): Promise<boolean> =>
  (await db
    .selectFrom('push_outbox')
    .select('id')
    .where((eb) => eb.or([eb('attempt_after', 'is', null), eb('attempt_after', '<=', now)]))
    .limit(1)
    .executeTakeFirst()) !== undefined;
