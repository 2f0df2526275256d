import { pointsForPaid, type CartLineProblem, type Language, type Tier } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import { currentRules, earnRateOf, type EarnRate } from '../programme/index.ts';
import type { Database } from '../../db/schema.ts';
import { judge, remainingOf } from './availability.ts';
import { localized } from './localize.ts';
import { shippedMediaLibrary } from './media.ts';
import { isUuid } from './query-parts.ts';
import { priceOptionsSql, voucherSummaryQuery } from './vouchers.repository.ts';

/*
 * What the cart and orders need of the catalogue to sell a voucher: its price, points and stock for
 * one price option, whether this member may buy it now, and taking and giving back units of stock.
 * Availability, texts and pictures follow the catalogue's one rule for each (availability.ts,
 * localize.ts, media.ts), so a voucher the catalogue shows as on sale is one the cart accepts.
 */

export interface PurchaseRef {
  voucherId: string;
  priceOptionId: string | null;
}

export interface Purchasable {
  voucherId: string;
  /** The ref's option (as the catalogue spells its id when the voucher has it). */
  priceOptionId: string | null;
  merchantId: string;
  categoryId: string;
  /** In the viewer's language, with the catalogue's fallback. */
  title: string;
  /** The cover picture, else the store's logo (as catalogue cards show it). */
  imageUrl: string;
  merchant: { id: string; name: string; logoUrl: string };
  /** The chosen option's label; null without an option (or when the option is not the voucher's). */
  optionLabel: string | null;
  /** Whole baht for one unit: the option's price, else the voucher's. */
  unitPrice: number;
  /** What one unit earns at its full price (the earn rule, pointsForPaid). */
  unitPoints: number;
  /** The earn rate in force: the voucher's own (its points for its price), else the programme's. */
  rate: EarnRate;
  /** Units one member may buy in one order / hold over all their orders; null = no limit. */
  limitPerOrder: number | null;
  limitPerMember: number | null;
  /** stock − sold; null = unlimited. */
  remaining: number | null;
  validDays: number;
  usageLimit: number | null;
  /**
   * Why this voucher and option cannot be bought now (null = it can). 'option_removed' when the ref
   * names an option the voucher does not have (removed, or never its own) or names none while the
   * voucher has options — the member has to choose again. It is judged before the sale's own reasons:
   * it is about the member's choice, which no waiting mends.
   */
  problem: CartLineProblem | null;
}

/** The voucher's card (what the catalogue judges a sale by) with its limits, store and options. */
const purchasableQuery = (db: Kysely<Database>, ids: string[]) =>
  voucherSummaryQuery(db)
    .innerJoin('merchant as m', 'm.id', 'v.merchant_id')
    .select([
      'v.valid_days',
      'v.usage_limit',
      'v.limit_per_order',
      'v.limit_per_member',
      'm.name_en as merchant_name_en',
      'm.name_th as merchant_name_th',
      'm.logo_file as merchant_logo_file',
      'v.status',
      priceOptionsSql,
    ])
    .where('v.id', 'in', ids)
    // Never published: unknown to members (a draft cannot be put in a cart or bought). Rows written
    // outside the back office (seeds, fixtures) are published by the column's default.
    .where((eb) => eb.or([eb('v.status', '=', 'published'), eb('v.published_at', 'is not', null)]));

/**
 * One entry per ref, in order; null for an unknown voucher id (or one that is not a uuid, or one never
 * published). A voucher taken back from members after it was published is still found — an order
 * already paid for it is issued — but its sale is over for the cart and checkout ('ended').
 */
export async function loadPurchasables(
  db: Kysely<Database>,
  refs: PurchaseRef[],
  viewer: { lang: Language; tier: Tier },
  now: Date,
): Promise<(Purchasable | null)[]> {
  const ids = [...new Set(refs.map((r) => r.voucherId).filter(isUuid))];
  const rows = ids.length ? await purchasableQuery(db, ids).execute() : [];
  // Read where the purchase is priced (inside the checkout's transaction): new rules apply to new activity.
  const rules = await currentRules(db);
  // Ids are compared lower-cased: a uuid in upper case names the same voucher.
  const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
  const media = shippedMediaLibrary();
  const { lang } = viewer;
  return refs.map((ref) => {
    const v = byId.get(ref.voucherId.toLowerCase());
    if (!v) return null;
    const wanted = ref.priceOptionId?.toLowerCase() ?? null;
    const option = wanted === null ? undefined : v.price_options.find((o) => o.id.toLowerCase() === wanted);
    const optionMissing = wanted === null ? v.price_options.length > 0 : option === undefined;
    const verdict = judge(
      { startsAt: v.sale_starts_at, endsAt: v.sale_ends_at, stock: v.stock, taken: v.sold },
      now,
      { tier: v.tier, privilegeOnly: v.privilege_only },
      viewer.tier,
    );
    const logoUrl = media.url('merchants', v.merchant_logo_file);
    const unitPrice = option?.price ?? v.price;
    const rate = earnRateOf(v, rules.bahtPerPoint);
    return {
      voucherId: v.id,
      priceOptionId: option?.id ?? ref.priceOptionId,
      merchantId: v.merchant_id,
      categoryId: v.category_id,
      title: localized(lang, v.title_en, v.title_th),
      imageUrl: v.cover_file ? media.url('vouchers', v.cover_file) : logoUrl,
      merchant: {
        id: v.merchant_id,
        name: localized(lang, v.merchant_name_en, v.merchant_name_th),
        logoUrl,
      },
      optionLabel: option ? localized(lang, option.label_en, option.label_th) : null,
      unitPrice,
      unitPoints: pointsForPaid(unitPrice, rate),
      rate,
      limitPerOrder: v.limit_per_order,
      limitPerMember: v.limit_per_member,
      remaining: remainingOf(v.stock, v.sold),
      validDays: v.valid_days,
      usageLimit: v.usage_limit,
      problem:
        v.status !== 'published' ? 'ended' : optionMissing ? 'option_removed' : verdict.unavailableReason,
    };
  });
}

const assertUnits = (quantity: number) => {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`bad stock quantity ${quantity}`);
};

/**
 * Takes `quantity` units of stock if that many are left: one conditional UPDATE, so concurrent
 * buyers can never take more than the stock (the row's write lock orders them; each re-checks the
 * condition on the row as the one before left it). An unlimited voucher always succeeds and counts
 * the sale. False when not enough are left, or for an unknown voucher.
 */
export async function reserveStock(
  trx: Kysely<Database>,
  voucherId: string,
  quantity: number,
): Promise<boolean> {
  assertUnits(quantity);
  if (!isUuid(voucherId)) return false;
  const result = await trx
    .updateTable('voucher')
    .set((eb) => ({ sold: eb('sold', '+', quantity) }))
    .where('id', '=', voucherId)
    .where((eb) => eb.or([eb('stock', 'is', null), eb(eb('sold', '+', quantity), '<=', eb.ref('stock'))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives `quantity` units back (an order that did not complete); sold never goes below 0. */
export async function releaseStock(
  trx: Kysely<Database>,
  voucherId: string,
  quantity: number,
): Promise<void> {
  assertUnits(quantity);
  if (!isUuid(voucherId)) return;
  await trx
    .updateTable('voucher')
    .set({ sold: sql<number>`greatest(sold - ${quantity}, 0)` })
    .where('id', '=', voucherId)
    .execute();
}
