import { createHash } from 'node:crypto';
import type { PosPointsResult } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { recordAudit, type AuditActor } from '../../audit/audit.ts';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { earnForStorePurchase, lockMember } from '../points/index.ts';
import { currentRules } from '../programme/index.ts';

/**
 * Points for an in-store purchase at the programme's rate in force: 1 point per `bahtPerPoint` baht
 * paid, rounded down (as an order's points are) — in satang, so 0.1 + 0.2 never loses a point.
 */
export const pointsForStorePurchase = (amountSatang: number, bahtPerPoint: number): number =>
  Math.floor(amountSatang / (bahtPerPoint * 100));

const requestHash = (memberId: string, amountSatang: number, reference: string | null) =>
  createHash('sha256')
    .update(JSON.stringify([memberId, amountSatang, reference]))
    .digest('base64url');

const present = (
  r: { id: string; points: number; created_at: Date },
  firstName: string | null,
): PosPointsResult => ({
  id: r.id,
  points: r.points,
  memberFirstName: firstName?.trim() || null,
  awardedAt: r.created_at.toISOString(),
});

/**
 * Awards a store purchase's points to the member with this card number, once per (store,
 * Idempotency-Key): the award row and its ledger row are written together under the member's lock, so
 * a retry — concurrent or late — finds the award and answers it; the same key with another member,
 * amount or reference is refused (422 idempotency_key_reused). Audited as the key's action.
 */
export const awardStorePurchase = async (
  ctx: Ctx,
  input: { cardNumber: string; amount: number; reference: string | undefined },
  by: { posKeyId: string; storeId: string; actor: AuditActor },
  idempotencyKey: string,
): Promise<PosPointsResult> => {
  const now = ctx.now();
  const member = await ctx.db
    .selectFrom('member')
    .select(['id', 'first_name'])
    .where('card_number', '=', input.cardNumber)
    .executeTakeFirst();
  if (!member) throw new AppError('pos_member_not_found');
  const amountSatang = Math.round(input.amount * 100);
  const reference = input.reference || null;
  const hash = requestHash(member.id, amountSatang, reference);
  const earlier = async () => {
    const row = await ctx.db
      .selectFrom('pos_points_award')
      .select(['id', 'points', 'created_at', 'request_hash'])
      .where('merchant_id', '=', by.storeId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (row && row.request_hash !== hash) throw new AppError('idempotency_key_reused');
    return row;
  };
  try {
    const award = await ctx.db.transaction().execute(async (trx) => {
      await lockMember(trx, member.id);
      const replay = await trx
        .selectFrom('pos_points_award')
        .select(['id', 'points', 'created_at', 'request_hash'])
        .where('merchant_id', '=', by.storeId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (replay) {
        if (replay.request_hash !== hash) throw new AppError('idempotency_key_reused');
        return replay;
      }
      const store = await trx
        .selectFrom('merchant')
        .select(['id', 'name_en', 'name_th'])
        .where('id', '=', by.storeId)
        .executeTakeFirstOrThrow();
      const points = pointsForStorePurchase(amountSatang, (await currentRules(trx)).bahtPerPoint);
      const row = await trx
        .insertInto('pos_points_award')
        .values({
          merchant_id: by.storeId,
          pos_key_id: by.posKeyId,
          member_id: member.id,
          amount_satang: amountSatang,
          points,
          reference,
          idempotency_key: idempotencyKey,
          request_hash: hash,
          created_at: now,
        })
        .returning(['id', 'points', 'created_at'])
        .executeTakeFirstOrThrow();
      await earnForStorePurchase(trx, {
        memberId: member.id,
        awardId: row.id,
        points,
        store: { id: store.id, en: store.name_en ?? '', th: store.name_th || null },
        now,
      });
      await recordAudit(trx, by.actor, now, {
        action: 'pos.points',
        entityType: 'member',
        entityId: member.id,
        after: { awardId: row.id, storeId: by.storeId, amountSatang, points, reference },
      });
      return row;
    });
    return present(award, member.first_name);
  } catch (err) {
    // The same key committed first for another member (another lock): answer it, or refuse the reuse.
    if (!isUniqueViolation(err)) throw err;
    const row = await earlier();
    if (!row) throw err;
    return present(row, member.first_name);
  }
};
