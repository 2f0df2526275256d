import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { demoCatalogue, type DemoCatalogue, type Text } from './catalogue-data.ts';
import { BANGKOK_OFFSET_MS } from '@app/contracts/dates';

/*
 * Loads the bilingual demo catalogue (catalogue-data.ts) into an empty catalogue, in one transaction.
 * - Only when there is no category yet: a catalogue that has data (demo or real) is never touched,
 *   so running it at every start is safe; two processes starting together take an advisory lock and
 *   the second finds the data of the first.
 * - Dates are relative to `now` (the injected clock): day offsets land on the start (00:00) or end
 *   (23:59:59) of a day in Asia/Bangkok, the programme's zone; "ends in 0 days" = the end of today.
 * - Pictures are file names under apps/api/assets/catalogue/<kind>/<key>-<n>.svg.
 */

const DAY_MS = 86_400_000;
/** pg_advisory_xact_lock key of the demo seed (any fixed number nobody else uses). */
const SEED_LOCK = 7_310_032_641;

/** 00:00 in Bangkok of the day `days` after the Bangkok day of `now`. */
export const startOfBangkokDay = (now: Date, days = 0) =>
  new Date(
    Math.floor((now.getTime() + BANGKOK_OFFSET_MS) / DAY_MS) * DAY_MS - BANGKOK_OFFSET_MS + days * DAY_MS,
  );

/** 23:59:59 in Bangkok of the day `days` after the Bangkok day of `now`. */
export const endOfBangkokDay = (now: Date, days = 0) =>
  new Date(startOfBangkokDay(now, days + 1).getTime() - 1000);

export interface CatalogueCounts {
  categories: number;
  merchants: number;
  vouchers: number;
  privileges: number;
  coupons: number;
  banners: number;
}

export interface SeedResult {
  seeded: boolean;
  counts: CatalogueCounts;
}

const texts = <K extends string>(name: K, t: Text) =>
  ({ [`${name}_en`]: t.en, [`${name}_th`]: t.th }) as Record<`${K}_en` | `${K}_th`, string>;

const termColumns = (terms: Text[]) => ({
  terms_en: terms.map((t) => t.en),
  terms_th: terms.map((t) => t.th),
});

export const catalogueCounts = async (
  db: Kysely<Database> | Transaction<Database>,
): Promise<CatalogueCounts> => {
  const { rows } = await sql<Record<keyof CatalogueCounts, string | number>>`
    select (select count(*) from category) as categories, (select count(*) from merchant) as merchants,
      (select count(*) from voucher) as vouchers, (select count(*) from privilege) as privileges,
      (select count(*) from coupon) as coupons, (select count(*) from banner) as banners`.execute(db);
  const r = rows[0];
  if (!r) throw new Error('no counts');
  return {
    categories: Number(r.categories),
    merchants: Number(r.merchants),
    vouchers: Number(r.vouchers),
    privileges: Number(r.privileges),
    coupons: Number(r.coupons),
    banners: Number(r.banners),
  };
};

const keyed = <T>(items: T[], key: (t: T) => string) => {
  const ids = new Map<string, string>();
  for (const item of items) ids.set(key(item), randomUUID());
  return (k: string) => {
    const id = ids.get(k);
    if (!id) throw new Error(`demo catalogue: unknown reference ${k}`);
    return id;
  };
};

export const seedDemoCatalogue = (
  db: Kysely<Database>,
  now: Date,
  c: DemoCatalogue = demoCatalogue,
): Promise<SeedResult> =>
  db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('category').select('id').limit(1).executeTakeFirst();
    if (existing) return { seeded: false, counts: await catalogueCounts(trx) };

    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const categoryId = keyed(c.categories, (x) => x.slug);
    const merchantId = keyed(c.merchants, (x) => x.key);
    const voucherId = keyed(c.vouchers, (x) => x.key);
    const privilegeId = keyed(c.privileges, (x) => x.key);

    await trx
      .insertInto('category')
      .values(
        c.categories.map((x) => ({
          id: categoryId(x.slug),
          slug: x.slug,
          ...texts('name', x.name),
          icon_file: `${x.slug}-1.svg`,
          sort_order: x.sortOrder,
          created_at: now,
        })),
      )
      .execute();

    await trx
      .insertInto('merchant')
      .values(
        c.merchants.map((x) => ({
          id: merchantId(x.key),
          category_id: categoryId(x.categorySlug),
          ...texts('name', x.name),
          ...texts('description', x.description),
          logo_file: `${x.key}-1.svg`,
          created_at: now,
        })),
      )
      .execute();

    await trx
      .insertInto('voucher')
      .values(
        c.vouchers.map((x) => ({
          id: voucherId(x.key),
          merchant_id: merchantId(x.merchantKey),
          category_id: categoryId(x.categorySlug),
          ...texts('title', x.title),
          ...texts('description', x.description),
          ...termColumns(x.terms),
          price: x.price,
          points_earned: x.pointsEarned ?? null,
          tier: x.tier,
          privilege_only: x.privilegeOnly,
          stock: x.stock,
          sold: x.sold,
          sale_starts_at: startOfBangkokDay(now, x.saleStartsInDays),
          sale_ends_at: x.saleEndsInDays === null ? null : endOfBangkokDay(now, x.saleEndsInDays),
          valid_days: x.validDays,
          usage_limit: x.usageLimit,
          limit_per_order: x.limitPerOrder ?? null,
          limit_per_member: x.limitPerMember ?? null,
          price_per_card_month: x.pricePerCardMonth,
          created_at: ago(x.createdDaysAgo),
          updated_at: ago(x.createdDaysAgo),
        })),
      )
      .execute();

    const options = c.vouchers.flatMap((x) =>
      (x.priceOptions ?? []).map((o, i) => ({
        voucher_id: voucherId(x.key),
        ...texts('label', o.label),
        price: o.price,
        position: i + 1,
      })),
    );
    if (options.length) await trx.insertInto('voucher_price_option').values(options).execute();

    await trx
      .insertInto('voucher_image')
      .values(
        c.vouchers.flatMap((x) =>
          Array.from({ length: x.imageCount }, (_, i) => ({
            voucher_id: voucherId(x.key),
            position: i + 1,
            file: `${x.key}-${i + 1}.svg`,
          })),
        ),
      )
      .execute();

    await trx
      .insertInto('privilege')
      .values(
        c.privileges.map((x) => ({
          id: privilegeId(x.key),
          merchant_id: merchantId(x.merchantKey),
          category_id: categoryId(x.categorySlug),
          ...texts('title', x.title),
          ...texts('description', x.description),
          ...termColumns(x.terms),
          points_cost: x.pointsCost,
          tier: x.tier,
          stock: x.stock,
          valid_from: startOfBangkokDay(now, x.validFromDays),
          valid_until: x.validUntilDays === null ? null : endOfBangkokDay(now, x.validUntilDays),
          usage_limit: x.usageLimit,
          created_at: ago(x.createdDaysAgo),
          updated_at: ago(x.createdDaysAgo),
        })),
      )
      .execute();
    await trx
      .insertInto('privilege_image')
      .values(
        c.privileges.map((x) => ({ privilege_id: privilegeId(x.key), position: 1, file: `${x.key}-1.svg` })),
      )
      .execute();

    const couponIds = new Map(c.coupons.map((x) => [x.code, randomUUID()]));
    const couponId = (code: string) => couponIds.get(code) ?? '';
    await trx
      .insertInto('coupon')
      .values(
        c.coupons.map((x) => ({
          id: couponId(x.code),
          code: x.code.toUpperCase(),
          ...texts('title', x.title),
          ...texts('description', x.description),
          discount_type: x.discountType,
          discount_value: x.discountValue,
          max_discount: x.maxDiscount,
          min_spend: x.minSpend,
          starts_at: startOfBangkokDay(now, x.startsInDays),
          ends_at: endOfBangkokDay(now, x.endsInDays),
          total_limit: x.totalLimit,
          per_member_limit: x.perMemberLimit,
          created_at: now,
        })),
      )
      .execute();
    const couponMerchants = c.coupons.flatMap((x) =>
      x.merchantKeys.map((k) => ({ coupon_id: couponId(x.code), merchant_id: merchantId(k) })),
    );
    if (couponMerchants.length) await trx.insertInto('coupon_merchant').values(couponMerchants).execute();
    const couponVouchers = c.coupons.flatMap((x) =>
      x.voucherKeys.map((k) => ({ coupon_id: couponId(x.code), voucher_id: voucherId(k) })),
    );
    if (couponVouchers.length) await trx.insertInto('coupon_voucher').values(couponVouchers).execute();

    await trx
      .insertInto('banner')
      .values(
        c.banners.map((x) => {
          const l = x.linkTo;
          const link =
            l === null
              ? null
              : 'voucherKey' in l
                ? `/vouchers/${voucherId(l.voucherKey)}`
                : 'privilegeKey' in l
                  ? `/privileges/${privilegeId(l.privilegeKey)}`
                  : `/vouchers?category=${encodeURIComponent(l.categorySlug)}`;
          return {
            position: x.position,
            ...texts('title', x.title),
            ...texts('subtitle', x.subtitle),
            image_file: `${x.key}-1.svg`,
            link_path: link,
            sort_order: x.sortOrder,
            created_at: now,
          };
        }),
      )
      .execute();

    return { seeded: true, counts: await catalogueCounts(trx) };
  });
