import type {
  Language,
  Page,
  WalletGroupPage,
  WalletStatus,
  WalletVoucher,
  WalletVoucherDetail,
} from '@app/contracts';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import { bangkokDay, bangkokDaysUntil, endOfBangkokDay } from '../../calendar.ts';
import type { Ctx } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { privilegeCards, voucherCards, type VoucherCard } from '../catalogue/index.ts';
import { lockMember } from '../points/index.ts';
import { newWalletCode } from './wallet-code.ts';
import { isUniqueViolation } from '../../db/database.ts';
import {
  countWallet,
  countWalletGroups,
  insertWalletUse,
  insertWalletVouchers,
  listWallet,
  listWalletGroups,
  takeWalletUse,
  walletUsage,
  walletUseByKey,
  walletVoucher,
  walletVouchersByIds,
  type WalletFilters,
  type WalletRow,
} from './wallet.repository.ts';
import { isUuid } from '../../uuid.ts';

export interface IssueLine {
  orderItemId: string;
  voucherId: string;
  priceOptionId: string | null;
  quantity: number;
  validDays: number;
  /** Uses per code; null = unlimited. */
  usageLimit: number | null;
}

/**
 * One wallet voucher per unit bought, each with its own code, valid until the end of the Bangkok day
 * `validDays` after `now`. Safe to call again for the same order: units already issued are kept.
 */
export const issueWalletVouchers = async (
  trx: Kysely<Database> | Transaction<Database>,
  order: { memberId: string; orderId: string; lines: IssueLine[]; now: Date },
): Promise<void> => {
  const rows = order.lines.flatMap((l) =>
    Array.from({ length: l.quantity }, (_, unit) => ({
      member_id: order.memberId,
      order_id: order.orderId,
      order_item_id: l.orderItemId,
      unit,
      voucher_id: l.voucherId,
      price_option_id: l.priceOptionId,
      code: newWalletCode(),
      valid_from: order.now,
      valid_until: endOfBangkokDay(bangkokDay(order.now) + l.validDays),
      usage_limit: l.usageLimit,
      created_at: order.now,
    })),
  );
  await insertWalletVouchers(trx, rows);
};

export const walletStatusOf = (
  r: Pick<WalletRow, 'usage_limit' | 'used_count' | 'valid_until'>,
  now: Date,
): WalletStatus => {
  if (r.usage_limit !== null && r.used_count >= r.usage_limit) return 'used';
  return r.valid_until.getTime() < now.getTime() ? 'expired' : 'active';
};

const present = (r: WalletRow, card: VoucherCard, now: Date): WalletVoucher => {
  const status = walletStatusOf(r, now);
  return {
    id: r.id,
    kind: r.privilege_id ? 'privilege' : 'voucher',
    voucherId: r.voucher_id,
    privilegeId: r.privilege_id,
    title: card.title,
    imageUrl: card.imageUrl,
    merchant: card.merchant,
    category: card.category,
    priceOptionLabel: r.price_option_id ? (card.optionLabels.get(r.price_option_id) ?? null) : null,
    status,
    validFrom: r.valid_from.toISOString(),
    validUntil: r.valid_until.toISOString(),
    daysLeft: r.valid_until.getTime() < now.getTime() ? null : bangkokDaysUntil(r.valid_until, now),
    usageLimit: r.usage_limit,
    usedCount: r.used_count,
    purchasedAt: r.created_at.toISOString(),
    orderNumber: r.order_number,
  };
};

interface Cards {
  vouchers: Map<string, VoucherCard>;
  privileges: Map<string, VoucherCard>;
}

const cardsFor = async (ctx: Ctx, rows: WalletRow[], lang: Language): Promise<Cards> => {
  const [vouchers, privileges] = await Promise.all([
    voucherCards(
      ctx.db,
      rows.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])),
      lang,
    ),
    privilegeCards(
      ctx.db,
      rows.flatMap((r) => (r.privilege_id ? [r.privilege_id] : [])),
      lang,
    ),
  ]);
  return { vouchers, privileges };
};

const cardOf = (cards: Cards, r: WalletRow): VoucherCard => {
  const card = r.voucher_id ? cards.vouchers.get(r.voucher_id) : cards.privileges.get(r.privilege_id ?? '');
  // The item's voucher or privilege is kept by the foreign key: a missing card is a broken database.
  if (!card) throw new Error(`the voucher or privilege of wallet item ${r.id} is missing`);
  return card;
};

export const walletPage = async (
  ctx: Ctx,
  memberId: string,
  f: WalletFilters,
  lang: Language,
): Promise<Page<WalletVoucher>> => {
  const now = ctx.now();
  const [total, rows] = await Promise.all([
    countWallet(ctx.db, memberId, f, now),
    listWallet(ctx.db, memberId, f, now),
  ]);
  const cards = await cardsFor(ctx, rows, lang);
  return {
    items: rows.map((r) => present(r, cardOf(cards, r), now)),
    page: f.page,
    limit: f.limit,
    total,
    totalPages: Math.ceil(total / f.limit),
  };
};

/**
 * The wallet with identical items as one entry ("Coffee Pass ×3"): grouped and paged in SQL, so a
 * page holds whole groups and the totals count what the screen shows.
 */
export const walletGroupPage = async (
  ctx: Ctx,
  memberId: string,
  f: WalletFilters,
  lang: Language,
): Promise<WalletGroupPage> => {
  const now = ctx.now();
  const [total, itemTotal, groups] = await Promise.all([
    countWalletGroups(ctx.db, memberId, f, now),
    countWallet(ctx.db, memberId, f, now),
    listWalletGroups(ctx.db, memberId, f, now),
  ]);
  const rows = new Map(
    (
      await walletVouchersByIds(
        ctx.db,
        memberId,
        groups.map((g) => g.firstId),
      )
    ).map((r) => [r.id, r]),
  );
  const cards = await cardsFor(ctx, [...rows.values()], lang);
  return {
    items: groups.flatMap((g) => {
      const row = rows.get(g.firstId);
      // Read in two steps: an item deleted in between (never done today) leaves its group out.
      return row
        ? [{ ...present(row, cardOf(cards, row), now), count: Number(g.count), group: g.group }]
        : [];
    }),
    page: f.page,
    limit: f.limit,
    total,
    totalPages: Math.ceil(total / f.limit),
    itemTotal,
  };
};

export const walletDetail = async (
  ctx: Ctx,
  memberId: string,
  id: string,
  lang: Language,
): Promise<WalletVoucherDetail> => {
  const row = isUuid(id) ? await walletVoucher(ctx.db, memberId, id) : undefined;
  if (!row) throw new AppError('wallet_voucher_not_found');
  const card = cardOf(await cardsFor(ctx, [row], lang), row);
  return {
    ...present(row, card, ctx.now()),
    code: row.code,
    description: card.description,
    terms: card.terms,
  };
};

/**
 * Consumes one use of a wallet item (the Use button on a wallet voucher). The conditional UPDATE is the only gate;
 * the use is then recorded with its time. With an Idempotency-Key a retry counts once: a retry that
 * arrives while the first is still open loses on the key's unique index and its count rolls back with
 * it; one that arrives after the last use was taken finds the key when it asks why it was refused.
 */
export const useWalletVoucher = async (
  ctx: Ctx,
  memberId: string,
  id: string,
  idempotencyKey: string | undefined,
  lang: Language,
): Promise<WalletVoucherDetail> => {
  if (!isUuid(id)) throw new AppError('wallet_voucher_not_found');
  const now = ctx.now();
  const earlierWith = async (db: Kysely<Database> | Transaction<Database>): Promise<boolean> => {
    if (!idempotencyKey) return false;
    const earlier = await walletUseByKey(db, memberId, idempotencyKey);
    if (!earlier) return false;
    if (earlier.wallet_voucher_id !== id) throw new AppError('idempotency_key_reused');
    return true;
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // The member's row first, as every money path does (points, checkout, refunds): a Use and a refund
      // of the same unit then queue instead of deadlocking on the use row's key-share of the member.
      await lockMember(trx, memberId);
      if (await earlierWith(trx)) return;
      if (await takeWalletUse(trx, memberId, id, now)) {
        await insertWalletUse(trx, {
          wallet_voucher_id: id,
          member_id: memberId,
          used_at: now,
          idempotency_key: idempotencyKey ?? null,
        });
        return;
      }
      if (await earlierWith(trx)) return;
      const row = await walletUsage(trx, memberId, id);
      if (!row) throw new AppError('wallet_voucher_not_found');
      if (row.usage_limit !== null && row.used_count >= row.usage_limit)
        throw new AppError('wallet_voucher_used_up');
      throw new AppError('wallet_voucher_expired');
    });
  } catch (err) {
    // The same key committed first by a concurrent request: this one's count was rolled back.
    if (!(isUniqueViolation(err) && (await earlierWith(ctx.db)))) throw err;
  }
  return walletDetail(ctx, memberId, id, lang);
};
