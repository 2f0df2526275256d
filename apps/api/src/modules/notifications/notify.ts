import type { NotificationType, Tier } from '@app/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** A catalogue title in both languages, copied when the notification is made (the item may change later). */
export interface Titles {
  en: string;
  th: string | null;
}

/** What each type keeps to be rendered later, in whatever language the reader has then. */
export interface NotificationParams {
  order_successful: { number: string; orderId: string };
  order_failed: { number: string; orderId: string };
  order_cancelled: { number: string; orderId: string };
  order_expired: { number: string; orderId: string };
  /** `amount`: whole baht given back. */
  order_refunded: { number: string; orderId: string; amount: number };
  points_earned: { number: string; points: number };
  /** `expiresAt`: the bucket's end (epoch ms), rendered as a Bangkok date. */
  points_expiring: { points: number; expiresAt: number };
  tier_up: { tier: Tier };
  tier_down: { tier: Tier };
  voucher_expiring: { walletId: string; title: Titles; validUntil: number };
  new_privilege: { privilegeId: string; title: Titles; tier: Tier };
  /** A campaign's own texts (copied: the member reads what was sent) and where it points, if anywhere. */
  campaign: { campaignId: string; title: Titles; body: Titles; link: string | null };
  /** A staff correction: signed points and the reason given (in the staff member's words). */
  points_adjusted: { points: number; reason: string };
  /** A use at a store; `usesLeft` null = unlimited. */
  voucher_used: { walletId: string; title: Titles; store: Titles; usesLeft: number | null };
  points_earned_store: { points: number; store: Titles };
}

export type NewNotification = {
  [K in NotificationType]: {
    memberId: string;
    type: K;
    params: NotificationParams[K];
    /** Unique per member: the same key twice writes once. */
    dedupeKey: string;
    now: Date;
  };
}[NotificationType];

/**
 * Writes one notification in `trx`, the transaction that makes the change, so it exists exactly when
 * the change does. A second write with the same key (a retried job, a doubled daily run) does nothing.
 * The table's trigger moves the member's list version.
 */
export const notify = async (trx: Db, n: NewNotification): Promise<void> => {
  await trx
    .insertInto('notification')
    .values({
      member_id: n.memberId,
      type: n.type,
      params: JSON.stringify(n.params),
      dedupe_key: n.dedupeKey,
      created_at: n.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'dedupe_key']).doNothing())
    .execute();
};

export type OrderNotificationType = 'order_successful' | 'order_failed' | 'order_cancelled' | 'order_expired';

/**
 * The order's own notification of how it ended. One per order whatever the type: an order ends once,
 * so a late report of another ending never adds a second.
 */
export const notifyOrder = async (
  trx: Db,
  orderId: string,
  type: OrderNotificationType,
  now: Date,
): Promise<void> => {
  const order = await trx
    .selectFrom('purchase_order')
    .select(['member_id', 'number'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return;
  await notify(trx, {
    memberId: order.member_id,
    type,
    params: { number: order.number, orderId },
    dedupeKey: `order:${orderId}`,
    now,
  });
};
