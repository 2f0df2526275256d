import type { CounterVoucher, ErrorCode, Language } from '@app/contracts';
import { sql } from 'kysely';
import { AppError } from '../../app-error.ts';
import type { Ctx } from '../../context.ts';
import { privilegeCards, voucherCards } from '../catalogue/index.ts';

/**
 * A wallet code as the counter sees it: the item, its member's first name and the store whose voucher
 * or privilege it is. The code arrives normalised by the contract (trimmed, upper-cased, without the
 * spaces or dashes the wallet shows between groups of four): the QR and barcode carry it bare.
 * A voided (refunded) unit is found too, so the counter can say why it cannot be used.
 */
export const findCode = async (ctx: Ctx, code: string) => {
  // The wallet's codes use 31 letters and digits; anything else names no code (and is not sent to SQL as a pattern).
  if (!/^[A-Z0-9]{1,64}$/.test(code)) return undefined;
  return ctx.db
    .selectFrom('wallet_voucher as w')
    .innerJoin('member as mb', 'mb.id', 'w.member_id')
    .leftJoin('voucher as v', 'v.id', 'w.voucher_id')
    .leftJoin('privilege as p', 'p.id', 'w.privilege_id')
    .select([
      'w.id',
      'w.member_id',
      'w.code',
      'w.voucher_id',
      'w.privilege_id',
      'w.usage_limit',
      'w.used_count',
      'w.valid_until',
      'w.voided_at',
      'mb.first_name',
      sql<string>`coalesce(v.merchant_id, p.merchant_id)::text`.as('store_id'),
    ])
    .where('w.code', '=', code)
    .executeTakeFirst();
};

export type FoundCode = NonNullable<Awaited<ReturnType<typeof findCode>>>;

/** Which stores may act on a code: a staff member's own stores, or the one store of an API key. */
export const requireStore = (item: FoundCode | undefined, storeIds: readonly string[]): FoundCode => {
  if (!item) throw new AppError('counter_unknown_code');
  if (!storeIds.includes(item.store_id)) throw new AppError('counter_wrong_store');
  return item;
};

/**
 * Why the code cannot be used now, judged as the usage rule judges it (refunded, then used up, then
 * expired), or undefined when a use is left. Redeem judges again under the member's lock.
 */
export const refusalNow = (item: FoundCode, now: Date): ErrorCode | undefined => {
  if (item.voided_at) return 'counter_refunded';
  if (item.usage_limit !== null && item.used_count >= item.usage_limit) return 'counter_used_up';
  if (item.valid_until.getTime() < now.getTime()) return 'counter_expired';
  return undefined;
};

/** The code's voucher or privilege in `lang`, as the counter screen shows it. */
export const presentCode = async (ctx: Ctx, item: FoundCode, lang: Language): Promise<CounterVoucher> => {
  const cards = item.voucher_id
    ? await voucherCards(ctx.db, [item.voucher_id], lang)
    : await privilegeCards(ctx.db, [item.privilege_id ?? ''], lang);
  const card = cards.get(item.voucher_id ?? item.privilege_id ?? '');
  return {
    code: item.code,
    kind: item.voucher_id ? 'voucher' : 'privilege',
    voucherTitle: card?.title ?? '',
    storeName: card?.merchant.name ?? '',
    storeId: item.store_id,
    imageUrl: card?.imageUrl || null,
    memberFirstName: item.first_name?.trim() || null,
    usesLeft: item.usage_limit === null ? null : Math.max(0, item.usage_limit - item.used_count),
    usageLimit: item.usage_limit,
    validUntil: item.valid_until.toISOString(),
  };
};
