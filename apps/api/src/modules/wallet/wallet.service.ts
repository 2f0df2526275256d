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
import { newWalletCode } from './wallet-code.ts';
import {
  countWallet,
  countWalletGroups,
  insertWalletVouchers,
  listWallet,
  listWalletGroups,
  walletVoucher,
  walletVouchersByIds,
  type WalletFilters,
  type WalletRow,
} from './wallet.repository.ts';
import { isUuid } from '../../uuid.ts';
import { UseRefused, useWalletItem } from './use-item.ts';

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

const MEMBER_REFUSALS = {
  // A refunded unit has left the member's wallet: to them it is gone.
  not_found: 'wallet_voucher_not_found',
  refunded: 'wallet_voucher_not_found',
  used_up: 'wallet_voucher_used_up',
  expired: 'wallet_voucher_expired',
} as const;

/**
 * Consumes one use of a wallet item (the Use button on a wallet voucher) through the one usage rule
 * the counter and point-of-sale systems share (useWalletItem). With an Idempotency-Key a retry counts once.
 */
export const useWalletVoucher = async (
  ctx: Ctx,
  memberId: string,
  id: string,
  idempotencyKey: string | undefined,
  lang: Language,
): Promise<WalletVoucherDetail> => {
  if (!isUuid(id)) throw new AppError('wallet_voucher_not_found');
  try {
    await useWalletItem(ctx, { id, memberId }, { kind: 'member', idempotencyKey });
  } catch (err) {
    if (err instanceof UseRefused) throw new AppError(MEMBER_REFUSALS[err.reason]);
    throw err;
  }
  return walletDetail(ctx, memberId, id, lang);
};
