import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notify } from '../notifications/index.ts';
import { currentRules } from '../programme/index.ts';
import { pointsExpiryFor } from './points-ledger.ts';
import { upgradeTier } from './tiers.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Credits an in-store purchase (a point-of-sale award), once: the earn row names the award (unique),
 * so a second call adds nothing. The caller holds the member's lock and has written the award in the
 * same transaction. Like an order's earn: a bucket with the rules' expiry, the member told in a
 * notification, and the tier raised when the rolling 12 months pass a threshold.
 */
export const earnForStorePurchase = async (
  trx: Db,
  e: {
    memberId: string;
    awardId: string;
    points: number;
    store: { en: string; th: string | null; id: string };
    now: Date;
  },
): Promise<void> => {
  if (e.points <= 0) return;
  const row = await trx
    .insertInto('points_ledger')
    .values({
      member_id: e.memberId,
      kind: 'earn',
      points: e.points,
      reason: `store purchase ${e.store.id}`,
      order_id: null,
      privilege_id: null,
      expires_at: pointsExpiryFor(e.now, (await currentRules(trx)).pointsLifetimeMonths),
      created_at: e.now,
      pos_award_id: e.awardId,
    })
    .onConflict((oc) => oc.column('pos_award_id').where('pos_award_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return;
  await notify(trx, {
    memberId: e.memberId,
    type: 'points_earned_store',
    params: { points: e.points, store: { en: e.store.en, th: e.store.th } },
    dedupeKey: `points_earned_store:${e.awardId}`,
    now: e.now,
  });
  await upgradeTier(trx, e.memberId, e.now);
};
