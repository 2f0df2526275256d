import { sql } from 'kysely';
import { coverFileSql, imageFilesSql, type ItemTable } from './items.repository.ts';
import { itemNameColumns, itemTextColumns, type Db, type RowOf } from './query-parts.ts';

/**
 * A voucher card; its merchant and category come from the reference cache (references.ts). Its
 * price, points, tier, stock and sale window are also what the cart and orders judge a sale by
 * (purchase.ts builds on it), so the catalogue and the cart read a voucher alike.
 */
export const voucherSummaryQuery = (db: Db) =>
  db
    .selectFrom('voucher as v')
    .select([
      ...itemNameColumns('v'),
      'v.price',
      'v.has_price_options',
      'v.points_earned',
      'v.tier',
      'v.privilege_only',
      'v.stock',
      'v.sold',
      'v.sale_starts_at',
      'v.sale_ends_at',
      'v.created_at',
      coverFileSql('voucher', 'v'),
    ]);

interface PriceOptionRow {
  id: string;
  label_en: string | null;
  label_th: string | null;
  price: number;
}

/** The voucher's price options (cheapest first, then in their order) as `price_options`. */
export const priceOptionsSql = sql<PriceOptionRow[]>`coalesce((select json_agg(json_build_object('id', o.id,
  'label_en', o.label_en, 'label_th', o.label_th, 'price', o.price) order by o.price, o.position)
  from voucher_price_option o where o.voucher_id = v.id), '[]')`.as('price_options');

/**
 * A voucher with everything its detail shows, pictures and price options included (one query). Its
 * own columns — price options, validity days, a card price — are what a privilege's detail lacks.
 */
const voucherDetailQuery = (db: Db) =>
  voucherSummaryQuery(db).select([
    ...itemTextColumns('v'),
    'v.valid_days',
    'v.usage_limit',
    'v.limit_per_order',
    'v.limit_per_member',
    'v.price_per_card_month',
    imageFilesSql('voucher', 'v'),
    priceOptionsSql,
  ]);

export type VoucherSummaryRow = RowOf<typeof voucherSummaryQuery>;
export type VoucherDetailRow = RowOf<typeof voucherDetailQuery>;

/**
 * Vouchers for the shared item queries: priced in baht, on sale from sale_starts_at to sale_ends_at,
 * ranked by sales, and the only kind with a privilege-only flag. A voucher reads the same for every
 * viewer (no per-member column).
 */
export const VOUCHER_TABLE: ItemTable<VoucherSummaryRow, VoucherDetailRow> = {
  table: 'voucher',
  alias: 'v',
  price: 'price',
  startsAt: 'sale_starts_at',
  endsAt: 'sale_ends_at',
  popularity: 'sold',
  hasPrivilegeOnly: true,
  summaries: (db) => voucherSummaryQuery(db),
  details: (db) => voucherDetailQuery(db),
};
