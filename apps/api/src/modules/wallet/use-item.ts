import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import { recordAudit, type AuditActor } from '../../audit/audit.ts';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { notify } from '../notifications/index.ts';
import { lockMember } from '../points/index.ts';
import { takeWalletUse } from './wallet.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Why a use was refused: each caller words it in its own error codes. */
export type UseRefusal = 'not_found' | 'used_up' | 'expired' | 'refunded';

export class UseRefused extends Error {
  constructor(readonly reason: UseRefusal) {
    super(`wallet use refused: ${reason}`);
  }
}

/**
 * Who records the use. The member's own Use keys retries per member; a counter or POS keys them by
 * who sent them (`counterKey`, already prefixed by the staff member or API key), names the store and
 * writes an audit row with the use, and the member is told in a notification.
 */
export type UseBy =
  | { kind: 'member'; idempotencyKey: string | undefined }
  | {
      kind: 'counter';
      counterKey: string;
      storeId: string;
      staffId: string | null;
      posKeyId: string | null;
      actor: AuditActor;
    };

export interface UseOutcome {
  useId: string;
  itemId: string;
  memberId: string;
  code: string;
  usedAt: Date;
  /** null = unlimited; what was left right after this use (the same on a replay). */
  usesLeft: number | null;
  usageLimit: number | null;
}

/** A use already made with this key: its item (to refuse the key on another item) and its outcome. */
const earlierUse = async (db: Db, memberId: string, by: UseBy) => {
  if (by.kind === 'member' && !by.idempotencyKey) return undefined;
  let q = db
    .selectFrom('wallet_use as u')
    .innerJoin('wallet_voucher as w', 'w.id', 'u.wallet_voucher_id')
    .select((eb) => [
      'u.id',
      'u.used_at',
      'u.member_id',
      'w.id as item_id',
      'w.code',
      'w.usage_limit',
      'u.use_number',
      // Uses made before use_number was kept: counted from the uses up to it, the same instant broken by id.
      eb
        .selectFrom('wallet_use as e')
        .select(sql<string | number>`count(*)`.as('n'))
        .whereRef('e.wallet_voucher_id', '=', 'u.wallet_voucher_id')
        .where(sql<boolean>`(e.used_at, e.id) <= (u.used_at, u.id)`)
        .as('counted'),
    ]);
  q =
    by.kind === 'member'
      ? q.where('u.member_id', '=', memberId).where('u.idempotency_key', '=', by.idempotencyKey ?? '')
      : q.where('u.counter_key', '=', by.counterKey);
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  return {
    itemId: row.item_id,
    outcome: {
      useId: row.id,
      itemId: row.item_id,
      memberId: row.member_id,
      code: row.code,
      usedAt: row.used_at,
      usageLimit: row.usage_limit,
      usesLeft:
        row.usage_limit === null
          ? null
          : Math.max(0, row.usage_limit - Number(row.use_number ?? row.counted ?? 0)),
    } satisfies UseOutcome,
  };
};

/** The earlier use with this key, if any; the same key on another item is refused. */
const replayOf = async (db: Db, memberId: string, itemId: string, by: UseBy) => {
  const earlier = await earlierUse(db, memberId, by);
  if (!earlier) return undefined;
  if (earlier.itemId !== itemId) throw new AppError('idempotency_key_reused');
  return earlier.outcome;
};

/**
 * Records one use of a wallet item: THE usage rule, for the member's own Use, the shop's counter and a
 * point-of-sale system alike. Under the member's row lock (as every money path takes it: a use and a
 * refund of the same unit queue instead of deadlocking), the conditional UPDATE of takeWalletUse is
 * the only gate — a use left, the validity not passed, no refund took the unit — so concurrent uses
 * from any side and a refund never take more than the limit. A retry with the same key answers the
 * first use: one that waited on the lock finds it; one that raced past it loses on the key's unique
 * index, its count rolling back with it, and then finds it.
 */
export const useWalletItem = async (
  ctx: Ctx,
  item: { id: string; memberId: string },
  by: UseBy,
): Promise<UseOutcome> => {
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await lockMember(trx, item.memberId);
      const replay = await replayOf(trx, item.memberId, item.id, by);
      if (replay) return replay;
      if (await takeWalletUse(trx, item.memberId, item.id, now)) {
        // The count just moved under the row's lock: this use's number.
        const row = await trx
          .selectFrom('wallet_voucher')
          .select(['code', 'usage_limit', 'used_count', 'voucher_id', 'privilege_id'])
          .where('id', '=', item.id)
          .executeTakeFirstOrThrow();
        const use = await trx
          .insertInto('wallet_use')
          .values({
            wallet_voucher_id: item.id,
            member_id: item.memberId,
            used_at: now,
            idempotency_key: by.kind === 'member' ? (by.idempotencyKey ?? null) : null,
            use_number: row.used_count,
            ...(by.kind === 'counter'
              ? {
                  merchant_id: by.storeId,
                  staff_id: by.staffId,
                  pos_key_id: by.posKeyId,
                  counter_key: by.counterKey,
                }
              : {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (by.kind === 'counter') await announceCounterUse(trx, { ...item, useId: use.id, by, row, now });
        return {
          useId: use.id,
          itemId: item.id,
          memberId: item.memberId,
          code: row.code,
          usedAt: now,
          usageLimit: row.usage_limit,
          usesLeft: row.usage_limit === null ? null : Math.max(0, row.usage_limit - row.used_count),
        };
      }
      throw new UseRefused(await refusalOf(trx, item));
    });
  } catch (err) {
    // The same key committed first by a concurrent request: this one's count was rolled back.
    if (isUniqueViolation(err)) {
      const replay = await replayOf(ctx.db, item.memberId, item.id, by);
      if (replay) return replay;
    }
    throw err;
  }
};

/** Why takeWalletUse found nothing to take (read under the same lock). */
const refusalOf = async (db: Db, item: { id: string; memberId: string }): Promise<UseRefusal> => {
  const row = await db
    .selectFrom('wallet_voucher')
    .select(['usage_limit', 'used_count', 'valid_until', 'voided_at'])
    .where('id', '=', item.id)
    .where('member_id', '=', item.memberId)
    .executeTakeFirst();
  if (!row) return 'not_found';
  if (row.voided_at) return 'refunded';
  if (row.usage_limit !== null && row.used_count >= row.usage_limit) return 'used_up';
  return 'expired';
};

/** The audit row and the member's notification of a use at a store, in the use's transaction. */
const announceCounterUse = async (
  trx: Db,
  u: {
    id: string;
    memberId: string;
    useId: string;
    by: Extract<UseBy, { kind: 'counter' }>;
    row: {
      code: string;
      usage_limit: number | null;
      used_count: number;
      voucher_id: string | null;
      privilege_id: string | null;
    };
    now: Date;
  },
) => {
  const table = u.row.voucher_id ? 'voucher' : 'privilege';
  const itemId = u.row.voucher_id ?? u.row.privilege_id ?? '';
  const titles = await trx
    .selectFrom(`${table} as i` as 'voucher as i')
    .innerJoin('merchant as m', 'm.id', 'i.merchant_id')
    .select(['i.title_en', 'i.title_th', 'm.name_en', 'm.name_th'])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
  await notify(trx, {
    memberId: u.memberId,
    type: 'voucher_used',
    params: {
      walletId: u.id,
      title: { en: titles?.title_en ?? '', th: titles?.title_th ?? null },
      store: { en: titles?.name_en ?? '', th: titles?.name_th ?? null },
      usesLeft: u.row.usage_limit === null ? null : Math.max(0, u.row.usage_limit - u.row.used_count),
    },
    dedupeKey: `wallet_use:${u.useId}`,
    now: u.now,
  });
  await recordAudit(trx, u.by.actor, u.now, {
    action: u.by.posKeyId ? 'pos.redeem' : 'counter.redeem',
    entityType: 'wallet_voucher',
    entityId: u.id,
    after: {
      useId: u.useId,
      storeId: u.by.storeId,
      posKeyId: u.by.posKeyId,
      usedCount: u.row.used_count,
      usageLimit: u.row.usage_limit,
    },
  });
};
