import type { Availability, Tier } from '@app/contracts';
import { sql } from 'kysely';
import { judge } from './availability.ts';
import { isUuid, type Db } from './query-parts.ts';

/*
 * What redeeming needs of the catalogue: a privilege's cost, limits and whether this member may have
 * it now — judged by the same rule (availability.ts) the privilege's detail page shows — and taking
 * and giving back one unit of its stock. Also how a redeemed privilege is shown in the wallet.
 */

export interface Redeemable {
  privilegeId: string;
  pointsCost: number;
  /** Uses per wallet item; null = unlimited. */
  usageLimit: number | null;
  validUntil: Date | null;
  /** Why it cannot be redeemed now (null = it can). */
  problem: Availability | null;
}

/** null for an unknown privilege (or an id that is not a uuid, or one members do not see: not published). */
export const loadRedeemable = async (
  db: Db,
  privilegeId: string,
  memberTier: Tier,
  now: Date,
): Promise<Redeemable | null> => {
  if (!isUuid(privilegeId)) return null;
  const p = await db
    .selectFrom('privilege')
    .select(['id', 'points_cost', 'tier', 'stock', 'redeemed', 'valid_from', 'valid_until', 'usage_limit'])
    .where('id', '=', privilegeId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (!p) return null;
  const verdict = judge(
    { startsAt: p.valid_from, endsAt: p.valid_until, stock: p.stock, taken: p.redeemed },
    now,
    { tier: p.tier, privilegeOnly: false },
    memberTier,
  );
  return {
    privilegeId: p.id,
    pointsCost: p.points_cost,
    usageLimit: p.usage_limit,
    validUntil: p.valid_until,
    problem: verdict.unavailableReason,
  };
};

/**
 * Takes one unit if one is left: one conditional UPDATE, so concurrent redemptions never take more
 * than the stock (the row lock orders them; each re-checks the row as the one before left it).
 */
export const takePrivilegeStock = async (trx: Db, privilegeId: string): Promise<boolean> => {
  const res = await trx
    .updateTable('privilege')
    .set({ redeemed: sql`redeemed + 1` })
    .where('id', '=', privilegeId)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('redeemed', '<', eb.ref('stock'))]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
};

/** Gives one unit back (never below zero). */
export const givePrivilegeStock = async (trx: Db, privilegeId: string): Promise<void> => {
  await trx
    .updateTable('privilege')
    .set({ redeemed: sql`redeemed - 1` })
    .where('id', '=', privilegeId)
    .where('redeemed', '>', 0)
    .execute();
};
