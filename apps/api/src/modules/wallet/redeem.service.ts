import type { Availability, ErrorCode, Language, PrivilegeRedemption } from '@app/contracts';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import { bangkokDay, endOfBangkokDay } from '../../calendar.ts';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { loadRedeemable, takePrivilegeStock } from '../catalogue/index.ts';
import { burnPoints, pointsBalance } from '../points/index.ts';
import { newWalletCode } from './wallet-code.ts';
import { insertRedeemedItem, walletItemByRedeemKey } from './wallet.repository.ts';
import { walletDetail } from './wallet.service.ts';

/**
 * How long a redeemed privilege's code is valid when the privilege itself has no end: to the end of
 * the Bangkok day this many days on. With an end, the code is valid until that end (the store honours
 * the privilege until then, not longer).
 */
export const REDEEMED_PRIVILEGE_DAYS = 30;

const REFUSALS: Record<Availability, ErrorCode> = {
  ended: 'privilege_ended',
  not_started: 'privilege_not_started',
  sold_out: 'privilege_sold_out',
  tier_locked: 'privilege_tier_locked',
  // Privileges carry no privilege-only flag; kept so every verdict has its answer.
  privilege_only: 'privilege_tier_locked',
};

/**
 * Redeems a privilege with points (Use Now on a privilege's detail): in one transaction
 * under the member's row lock — the privilege judged by the catalogue's rule, one unit of stock taken
 * by a conditional UPDATE, the points burned (FIFO, never below zero), the wallet item issued with its
 * own code. Any refusal rolls all of it back. The member's lock also orders retries with the same
 * Idempotency-Key: the second finds the item the first made.
 */
export const redeemPrivilege = async (
  ctx: Ctx,
  memberId: string,
  privilegeId: string,
  idempotencyKey: string | undefined,
  lang: Language,
): Promise<PrivilegeRedemption> => {
  const now = ctx.now();
  const earlier = async (db: Kysely<Database> | Transaction<Database>) => {
    if (!idempotencyKey) return undefined;
    const item = await walletItemByRedeemKey(db, memberId, idempotencyKey);
    if (item && item.privilege_id?.toLowerCase() !== privilegeId.toLowerCase())
      throw new AppError('idempotency_key_reused');
    return item?.id;
  };
  let result: { itemId: string; balance: number };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      const member = await trx
        .selectFrom('member')
        .select(['tier'])
        .where('id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
      if (!member) throw new AppError('unauthorized');
      const retried = await earlier(trx);
      if (retried) return { itemId: retried, balance: await pointsBalance(trx, memberId) };

      const p = await loadRedeemable(trx, privilegeId, member.tier, now);
      if (!p) throw new AppError('privilege_not_found');
      if (p.problem) throw new AppError(REFUSALS[p.problem]);
      if (!(await takePrivilegeStock(trx, p.privilegeId))) throw new AppError('privilege_sold_out');
      if (p.pointsCost > 0)
        await burnPoints(trx, {
          memberId,
          points: p.pointsCost,
          reason: 'privilege redeemed',
          privilegeId: p.privilegeId,
          now,
        });
      const itemId = await insertRedeemedItem(trx, {
        member_id: memberId,
        privilege_id: p.privilegeId,
        unit: 0,
        code: newWalletCode(),
        valid_from: now,
        valid_until: p.validUntil ?? endOfBangkokDay(bangkokDay(now) + REDEEMED_PRIVILEGE_DAYS),
        usage_limit: p.usageLimit,
        created_at: now,
        redeem_key: idempotencyKey ?? null,
      });
      return { itemId, balance: await pointsBalance(trx, memberId) };
    });
  } catch (err) {
    // Only reachable if two requests with one key were not ordered by the member's lock.
    const itemId = isUniqueViolation(err) ? await earlier(ctx.db) : undefined;
    if (!itemId) throw err;
    result = { itemId, balance: await pointsBalance(ctx.db, memberId) };
  }
  return { item: await walletDetail(ctx, memberId, result.itemId, lang), balance: result.balance };
};
