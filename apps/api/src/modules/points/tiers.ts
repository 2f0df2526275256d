import { TIERS, type Tier } from '@app/contracts';
import type { Kysely, Transaction } from 'kysely';
import { addYears } from '../../calendar.ts';
import type { Database } from '../../db/schema.ts';
import { notify } from '../notifications/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Tiers are earned over a rolling 12 months (what the `tier` table says each needs). An earn that
 * crosses a threshold raises member.tier at once (in the earn's transaction); nothing lowers it but
 * the monthly review, which sets each member to the tier their last 12 months' earnings reach — so a
 * member keeps a tier at least until the first review after their window drops below it, and is never
 * put below what they earned. member.tier stays the one column catalogue eligibility reads.
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
 * Points earned in the rolling 12 months up to `now`: earns, less what reversed orders took back.
 * Redemptions do not lower it (spending points is not un-earning them), nor do expiries.
 */
export const earnedInWindow = async (db: Db, memberId: string, now: Date): Promise<number> => {
  const row = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('points'), eb.lit(0)).as('earned'))
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([eb('kind', '=', 'earn'), eb.and([eb('kind', '=', 'reverse'), eb('order_id', 'is not', null)])]),
    )
    .where('created_at', '>', windowStart(now))
    .where('created_at', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(row.earned);
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
