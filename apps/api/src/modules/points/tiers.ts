import { TIERS, type Tier } from '@app/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { addYears, bangkokDay, endOfBangkokDay } from '../../calendar.ts';
import type { Database } from '../../db/schema.ts';
import { notify } from '../notifications/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Tiers are earned over a rolling 12 months (what the `tier` table says each needs). An earn that
 * crosses a threshold raises member.tier at once (in the earn's transaction). The monthly review sets
 * each member to the tier their last 12 months reach — so a member keeps a tier at least until the first
 * review after their window ages below it, and is never put below what they earned. A refund takes
 * away at once what the refunded order's points gave (lowerTierAfterRefund), but nothing the calendar
 * took since the last review: that stays the review's. member.tier stays the one column catalogue
 * eligibility reads.
 */

export interface TierRow {
  code: Tier;
  rank: number;
  pointsRequired: number;
}

/** The tiers, lowest first. */
export const tierTable = async (db: Db): Promise<TierRow[]> =>
  (await db.selectFrom('tier').select(['code', 'rank', 'points_required']).orderBy('rank').execute()).map(
    (t) => ({ code: t.code, rank: t.rank, pointsRequired: t.points_required }),
  );

/** The window's start: points earned after this count toward the tier. */
export const windowStart = (now: Date): Date => addYears(now, -1);

/**
 * Qualifying points earned after `from`, up to `now`: each earn as it stands now — less what its order's
 * cancellation took back and what refunds of the order took back, spent or not (a refunded order never
 * counts toward a tier, even when its points were already spent). A take-back counts against the earn
 * it undoes, whenever it happened. Redemptions do not lower it (spending points is not un-earning them),
 * nor do expiries.
 */
export const qualifyingPoints = async (db: Db, memberId: string, from: Date, now: Date): Promise<number> => {
  const row = await db
    .selectFrom('points_ledger as e')
    .select(
      sql<string | number>`coalesce(sum(
        e.points
        + coalesce((select sum(c.points) from points_ledger c
            where c.order_id = e.order_id and c.kind = 'reverse' and c.created_at <= ${now}), 0)
        - coalesce((select sum(f.points_reversed + f.points_shortfall) from refund f
            where f.order_id = e.order_id and f.status = 'succeeded' and f.completed_at <= ${now}), 0)
      ), 0)`.as('earned'),
    )
    .where('e.member_id', '=', memberId)
    .where('e.kind', '=', 'earn')
    .where('e.created_at', '>', from)
    .where('e.created_at', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(row.earned);
};

/** Qualifying points of the rolling 12 months up to `now` (what upgrades and the review compare). */
export const earnedInWindow = (db: Db, memberId: string, now: Date): Promise<number> =>
  qualifyingPoints(db, memberId, windowStart(now), now);

/** The monthly review's instant (points.jobs.ts: 01:00 Bangkok on the 1st) last reached at `now`. */
export const lastReviewAt = (now: Date): Date => {
  const reviewOn = (day: number) => new Date(endOfBangkokDay(day - 1).getTime() + 1 + 3_600_000);
  const today = bangkokDay(now);
  const firstOfMonth = today - (new Date(today * 86_400_000).getUTCDate() - 1);
  const review = reviewOn(firstOfMonth);
  if (review.getTime() <= now.getTime()) return review;
  const lastMonthDays = new Date((firstOfMonth - 1) * 86_400_000).getUTCDate();
  return reviewOn(firstOfMonth - lastMonthDays);
};

/** The highest tier `earned` reaches. */
export const tierReached = (tiers: readonly TierRow[], earned: number): Tier =>
  tiers.filter((t) => t.pointsRequired <= earned).at(-1)?.code ?? TIERS[0];

const rankOf = (tiers: readonly TierRow[], code: Tier): number =>
  tiers.find((t) => t.code === code)?.rank ?? 0;

/**
 * Raises member.tier if the rolling 12 months now reach a higher tier; never lowers it. The caller
 * holds the member's lock (the earn's transaction). Changing member.tier moves the catalogue's version
 * (its trigger), so eligibility follows.
 */
export const upgradeTier = async (trx: Db, memberId: string, now: Date): Promise<Tier | null> => {
  const member = await trx.selectFrom('member').select('tier').where('id', '=', memberId).executeTakeFirst();
  if (!member) return null;
  const tiers = await tierTable(trx);
  const reached = tierReached(tiers, await earnedInWindow(trx, memberId, now));
  if (rankOf(tiers, reached) <= rankOf(tiers, member.tier)) return null;
  await trx.updateTable('member').set({ tier: reached }).where('id', '=', memberId).execute();
  await notify(trx, {
    memberId,
    type: 'tier_up',
    params: { tier: reached },
    dedupeKey: `tier:${reached}:${now.toISOString()}`,
    now,
  });
  return reached;
};

/**
 * After a refund (in its transaction, under the member's lock, so an earn at the same moment comes
 * wholly before or after): lowers member.tier to what the member's qualifying points reach once the
 * refunded share no longer counts; never raises it. The window is the one the last monthly review
 * judged (its 12 months), so points that aged out since still count: a refund takes away only what
 * the refunded points gave, and the calendar's share waits for the review as it always has. The
 * member is told (tier_down, rendered in their language when read).
 */
export const lowerTierAfterRefund = async (trx: Db, memberId: string, now: Date): Promise<Tier | null> => {
  const member = await trx.selectFrom('member').select('tier').where('id', '=', memberId).executeTakeFirst();
  if (!member) return null;
  const tiers = await tierTable(trx);
  const reached = tierReached(
    tiers,
    await qualifyingPoints(trx, memberId, windowStart(lastReviewAt(now)), now),
  );
  if (rankOf(tiers, reached) >= rankOf(tiers, member.tier)) return null;
  await trx.updateTable('member').set({ tier: reached }).where('id', '=', memberId).execute();
  await notify(trx, {
    memberId,
    type: 'tier_down',
    params: { tier: reached },
    dedupeKey: `tier:${reached}:${now.toISOString()}`,
    now,
  });
  return reached;
};

const REVIEW_BATCH = 500;

/**
 * The monthly review: every member above the first tier is set to the tier their rolling 12 months
 * reach (a downgrade, or a raise if thresholds were lowered). One short transaction per member, under
 * their row lock, so a concurrent earn's upgrade is never overwritten with a stale figure. Returns how
 * many members changed.
 */
export const reviewTiers = async (db: Kysely<Database>, now: Date): Promise<number> => {
  const tiers = await tierTable(db);
  let changed = 0;
  let after: string | null = null;
  for (;;) {
    const ids: string[] = (
      await db
        .selectFrom('member')
        .select('id')
        .where('tier', '<>', TIERS[0])
        .$if(after !== null, (q) => q.where('id', '>', after as string))
        .orderBy('id')
        .limit(REVIEW_BATCH)
        .execute()
    ).map((r) => r.id);
    for (const id of ids)
      changed += await db.transaction().execute(async (trx) => {
        const m = await trx
          .selectFrom('member')
          .select('tier')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!m) return 0;
        const reached = tierReached(tiers, await earnedInWindow(trx, id, now));
        if (reached === m.tier) return 0;
        await trx.updateTable('member').set({ tier: reached }).where('id', '=', id).execute();
        await notify(trx, {
          memberId: id,
          type: rankOf(tiers, reached) > rankOf(tiers, m.tier) ? 'tier_up' : 'tier_down',
          params: { tier: reached },
          dedupeKey: `tier:${reached}:${now.toISOString()}`,
          now,
        });
        return 1;
      });
    if (ids.length < REVIEW_BATCH) return changed;
    after = ids.at(-1) ?? null;
  }
};
