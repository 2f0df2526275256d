import { tierRank, type Availability, type Tier } from '@app/contracts';

/**
 * "Privilege customers" — the only members who may have a voucher marked privilege-only ('for
 * Privilege customers only') — are members above the base tier: silver, gold and platinum.
 */
export const PRIVILEGE_CUSTOMER_MIN_TIER: Tier = 'silver';

/** Whether a member of `memberTier` may buy/use an item needing `required` (null = everyone). */
export const tierAllows = (memberTier: Tier, required: Tier | null): boolean =>
  required === null || tierRank(memberTier) >= tierRank(required);

export const isPrivilegeCustomer = (memberTier: Tier): boolean =>
  tierRank(memberTier) >= tierRank(PRIVILEGE_CUSTOMER_MIN_TIER);

/** The tiers that satisfy a minimum (for SQL filters). */
export const tiersAtMost = (memberTier: Tier): Tier[] =>
  (['member', 'silver', 'gold', 'platinum'] as const).filter((t) => tierRank(t) <= tierRank(memberTier));

export interface SaleWindow {
  startsAt: Date;
  endsAt: Date | null;
  stock: number | null;
  /** Sold (vouchers) or redeemed (privileges). */
  taken: number;
}

export interface Verdict {
  unavailableReason: Availability | null;
  /** null without a member (unknown); else whether the member's tier allows it. */
  eligible: boolean | null;
}

/**
 * Why an item cannot be had now, first match wins: ended, not_started, sold_out (facts about the
 * item, for everyone), then tier_locked, privilege_only (only when a member is known).
 */
export const judge = (
  w: SaleWindow,
  now: Date,
  requirement: { tier: Tier | null; privilegeOnly: boolean },
  memberTier: Tier | null,
): Verdict => {
  const tierOk = memberTier === null ? null : tierAllows(memberTier, requirement.tier);
  const privilegeOk =
    memberTier === null ? null : !requirement.privilegeOnly || isPrivilegeCustomer(memberTier);
  const eligible = tierOk === null || privilegeOk === null ? null : tierOk && privilegeOk;
  const t = now.getTime();
  let reason: Availability | null = null;
  if (w.endsAt !== null && w.endsAt.getTime() < t) reason = 'ended';
  else if (t < w.startsAt.getTime()) reason = 'not_started';
  else if (w.stock !== null && w.taken >= w.stock) reason = 'sold_out';
  else if (tierOk === false) reason = 'tier_locked';
  else if (privilegeOk === false) reason = 'privilege_only';
  return { unavailableReason: reason, eligible };
};

export const remainingOf = (stock: number | null, taken: number): number | null =>
  stock === null ? null : Math.max(0, stock - taken);
