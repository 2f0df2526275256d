import type { BannerPosition, Language, Tier } from '@app/contracts';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isPrivilegeCustomer, tiersAtMost } from './availability.ts';
import { localizedSql } from './localize.ts';
import { matchesSearch } from './search.ts';

/*
 * Catalogue SQL. Repositories take `db` (or a transaction) first and return rows of named columns;
 * presenters turn them into the wire shape field by field.
 */

type Db = Kysely<Database> | Transaction<Database>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids arrive from paths and query strings: anything but a uuid matches nothing (never a 500). */
export const isUuid = (s: string) => UUID_RE.test(s);

const and = (conds: RawBuilder<unknown>[]): RawBuilder<boolean> =>
  conds.length ? sql<boolean>`(${sql.join(conds, sql` and `)})` : sql<boolean>`true`;

const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`));

export interface ListFilter {
  categorySlug?: string | undefined;
  merchantId?: string | undefined;
  q?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

export interface ListOrder {
  orderBy: 'createdAt' | 'price';
  orderDir: 'ASC' | 'DESC';
}

export interface Paging {
  offset: number;
  limit: number;
}

/** The columns every summary needs from the merchant (m) and category (c) joins. */
const refColumns = [
  'm.id as merchant_id',
  'm.name_en as merchant_name_en',
  'm.name_th as merchant_name_th',
  'm.logo_file as merchant_logo_file',
  'c.id as category_id',
  'c.slug as category_slug',
  'c.name_en as category_name_en',
  'c.name_th as category_name_th',
] as const;

export interface RefColumns {
  merchant_id: string;
  merchant_name_en: string | null;
  merchant_name_th: string | null;
  merchant_logo_file: string;
  category_id: string;
  category_slug: string;
  category_name_en: string | null;
  category_name_th: string | null;
}

/* ------------------------------------------------------------------------------------ vouchers */

/**
 * Lists and recommendations show what has not ended (its sale end is not past); an ended voucher
 * stays reachable by id (detail answers unavailableReason 'ended').
 */
const voucherListed = (now: Date) => sql`(v.sale_ends_at is null or v.sale_ends_at >= ${now})`;

/**
 * The list filter as SQL conditions, the same for vouchers (`v`, priced in baht) and privileges
 * (`p`, priced in points): what is listed, category, merchant, text and price bounds.
 */
const listConditions = (
  table: 'v' | 'p',
  price: 'price' | 'points_cost',
  listed: RawBuilder<unknown>,
  f: ListFilter,
): RawBuilder<unknown>[] => {
  const col = (name: string) => sql.ref(`${table}.${name}`);
  const conds: RawBuilder<unknown>[] = [listed];
  if (f.categorySlug !== undefined)
    conds.push(sql`${col('category_id')} = (select id from category where slug = ${f.categorySlug})`);
  if (f.merchantId !== undefined)
    conds.push(isUuid(f.merchantId) ? sql`${col('merchant_id')} = ${f.merchantId}::uuid` : sql`false`);
  if (f.q !== undefined) conds.push(matchesSearch(`${table}.search_text`, f.q));
  if (f.minPrice !== undefined) conds.push(sql`${col(price)} >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) conds.push(sql`${col(price)} <= ${f.maxPrice}`);
  return conds;
};

const voucherConditions = (f: ListFilter, now: Date) => listConditions('v', 'price', voucherListed(now), f);

/** A voucher card; its merchant and category come from the reference cache (references.ts). */
const voucherSummaryQuery = (db: Db) =>
  db.selectFrom('voucher as v').select([
    'v.id',
    'v.merchant_id',
    'v.category_id',
    'v.title_en',
    'v.title_th',
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
    // A scalar subquery rather than a join: the planner has one table less to think about.
    (eb) =>
      eb
        .selectFrom('voucher_image as vi')
        .select('vi.file')
        .whereRef('vi.voucher_id', '=', 'v.id')
        .where('vi.position', '=', 1)
        .as('cover_file'),
  ]);

export type VoucherSummaryRow = Awaited<
  ReturnType<ReturnType<typeof voucherSummaryQuery>['execute']>
>[number];

export const countVouchersQuery = (db: Db, f: ListFilter, now: Date) =>
  db
    .selectFrom('voucher as v')
    .select(sql<string | number>`count(*)`.as('n'))
    .where(and(voucherConditions(f, now)));

export const countVouchers = async (db: Db, f: ListFilter, now: Date): Promise<number> =>
  Number((await countVouchersQuery(db, f, now).executeTakeFirstOrThrow()).n);

type Listed = 'voucher' | 'privilege';
const LISTED = {
  voucher: { alias: 'v', price: 'price' },
  privilege: { alias: 'p', price: 'points_cost' },
} as const;

/** ORDER BY of a list over alias `a`: ties broken by creation time then id, in the same direction. */
const orderSql = (table: Listed, a: string, order: ListOrder) => {
  const dir = sql.raw(order.orderDir === 'ASC' ? 'asc' : 'desc');
  const col = (c: string) => sql`${sql.ref(`${a}.${c}`)} ${dir}`;
  return order.orderBy === 'price'
    ? sql.join([col(LISTED[table].price), col('created_at'), col('id')])
    : sql.join([col('created_at'), col('id')]);
};

/**
 * The ids of one page: filter, order, offset, limit — from `table` alone, which the covering list
 * indexes answer without reading the rows the offset skips.
 */
const pageIdsSql = (table: Listed, conds: RawBuilder<unknown>[], order: ListOrder, page: Paging) => {
  const a = LISTED[table].alias;
  return sql`(select ${sql.raw(a)}.id from ${sql.table(table)} ${sql.raw(a)} where ${and(conds)}
    order by ${orderSql(table, a, order)} limit ${page.limit} offset ${page.offset})`;
};

/**
 * A search in one pass, when it matches at most `cap` rows: the matches come from the trigram index
 * once, and both the total and the page's ids are taken from them. Walking a sort index while
 * testing the pattern (what the planner does when it cannot tell how rare a pattern is) reads the
 * whole table for a rare one; counting and paging separately would search twice.
 * undefined when there are more than `cap` matches (count and page the usual way then).
 */
const searchPageSql = async (
  db: Db,
  table: Listed,
  conds: RawBuilder<unknown>[],
  order: ListOrder,
  page: Paging,
  cap: number,
): Promise<{ total: number; ids: string[] } | undefined> => {
  const { alias: a, price } = LISTED[table];
  const { rows } = await sql<{ total: number | string; ids: string[] }>`
    with m as materialized (
      select ${sql.raw(a)}.id, ${sql.raw(a)}.created_at, ${sql.ref(`${a}.${price}`)}
      from ${sql.table(table)} ${sql.raw(a)} where ${and(conds)} limit ${cap + 1})
    select (select count(*) from m) as total,
      coalesce((select json_agg(pg.id order by ${orderSql(table, 'pg', order)})
        from (select * from m order by ${orderSql(table, 'm', order)} limit ${page.limit} offset ${page.offset}) pg),
        '[]') as ids`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  return total > cap ? undefined : { total, ids: rows[0]?.ids ?? [] };
};

/** Rows in the order of `ids`. */
const inOrder = <T extends { id: string }>(ids: readonly string[], rows: T[]) => {
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((x, y) => (at.get(x.id) ?? 0) - (at.get(y.id) ?? 0));
};

/** Up to this offset a page is read in one pass; deeper pages pick their ids first (pageIdsSql). */
export const DEFERRED_JOIN_FROM_OFFSET = 100;

/**
 * One page. Near the start, one pass over the sort index reading the rows it keeps. Deeper, a
 * "deferred join": the page's ids first (pageIdsSql, from the covering indexes alone), then only
 * those rows — a single pass would read every row the offset skips.
 */
export const listVouchersQuery = (
  db: Db,
  f: ListFilter,
  order: ListOrder,
  page: Paging,
  now: Date,
  deferFromOffset = DEFERRED_JOIN_FROM_OFFSET,
) => {
  const dir = order.orderDir === 'ASC' ? 'asc' : 'desc';
  const conds = voucherConditions(f, now);
  const q =
    page.offset < deferFromOffset
      ? voucherSummaryQuery(db).where(and(conds)).limit(page.limit).offset(page.offset)
      : voucherSummaryQuery(db).where(sql<boolean>`v.id in ${pageIdsSql('voucher', conds, order, page)}`);
  return (order.orderBy === 'price' ? q.orderBy('v.price', dir) : q)
    .orderBy('v.created_at', dir)
    .orderBy('v.id', dir);
};

export const listVouchers = (
  db: Db,
  f: ListFilter,
  order: ListOrder,
  page: Paging,
  now: Date,
  deferFromOffset = DEFERRED_JOIN_FROM_OFFSET,
) => listVouchersQuery(db, f, order, page, now, deferFromOffset).execute();

/** A search page with its total in one pass when it matches at most `cap` vouchers (searchPageSql). */
export const searchVouchers = async (
  db: Db,
  f: ListFilter,
  order: ListOrder,
  page: Paging,
  now: Date,
  cap: number,
) => {
  const found = await searchPageSql(db, 'voucher', voucherConditions(f, now), order, page, cap);
  if (!found) return undefined;
  const rows = found.ids.length ? await voucherSummaryQuery(db).where('v.id', 'in', found.ids).execute() : [];
  return { total: found.total, rows: inOrder(found.ids, rows) };
};

export interface PriceOptionRow {
  id: string;
  label_en: string | null;
  label_th: string | null;
  price: number;
}

/** One voucher with everything its detail shows, pictures and price options included (one query). */
export const findVoucher = (db: Db, id: string) =>
  isUuid(id)
    ? voucherSummaryQuery(db)
        .select([
          'v.description_en',
          'v.description_th',
          'v.terms_en',
          'v.terms_th',
          'v.valid_days',
          'v.usage_limit',
          'v.price_per_card_month',
          sql<string[]>`coalesce((select json_agg(i.file order by i.position) from voucher_image i
            where i.voucher_id = v.id), '[]')`.as('image_files'),
          sql<
            PriceOptionRow[]
          >`coalesce((select json_agg(json_build_object('id', o.id, 'label_en', o.label_en,
            'label_th', o.label_th, 'price', o.price) order by o.price, o.position)
            from voucher_price_option o where o.voucher_id = v.id), '[]')`.as('price_options'),
        ])
        .where('v.id', '=', id)
        .executeTakeFirst()
    : Promise.resolve(undefined);

/** What the member could take now: sale started and not ended, not sold out, tier allows. */
const voucherObtainable = (now: Date, memberTier: Tier | null): RawBuilder<unknown>[] => {
  const conds: RawBuilder<unknown>[] = [
    voucherListed(now),
    sql`v.sale_starts_at <= ${now}`,
    sql`(v.stock is null or v.sold < v.stock)`,
  ];
  if (memberTier !== null) {
    conds.push(sql`(v.tier is null or v.tier in (${sql.join(tiersAtMost(memberTier))}))`);
    if (!isPrivilegeCustomer(memberTier)) conds.push(sql`not v.privilege_only`);
  }
  return conds;
};

/**
 * Recommended vouchers: obtainable now, best-selling first, then newest. With `exclude` (the item on
 * screen, for "You may also like"), the excluded items' categories come first.
 */
export const recommendVouchers = async (
  db: Db,
  opts: { limit: number; exclude: string[]; memberTier: Tier | null; now: Date },
) => {
  const exclude = opts.exclude.filter(isUuid);
  const base = voucherObtainable(opts.now, opts.memberTier);
  if (exclude.length) base.push(sql`v.id not in (${idList(exclude)})`);
  const ranked = (extra: RawBuilder<unknown>[], limit: number) =>
    voucherSummaryQuery(db)
      .where(and([...base, ...extra]))
      .orderBy('v.sold', 'desc')
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(limit)
      .execute();
  if (!exclude.length) return ranked([], opts.limit);
  const cats = sql`(select distinct category_id from voucher where id in (${idList(exclude)}))`;
  const first = await ranked([sql`v.category_id in ${cats}`], opts.limit);
  if (first.length >= opts.limit) return first;
  return [...first, ...(await ranked([sql`v.category_id not in ${cats}`], opts.limit - first.length))];
};

/* ---------------------------------------------------------------------------------- privileges */

/** Lists show privileges whose validity has not ended; an ended one stays reachable by id. */
const privilegeListed = (now: Date) => sql`(p.valid_until is null or p.valid_until >= ${now})`;

const privilegeConditions = (f: ListFilter, now: Date) =>
  listConditions('p', 'points_cost', privilegeListed(now), f);

/** A privilege card (merchant and category from the reference cache); `liked`: false without a member. */
const privilegeSummaryQuery = (db: Db, memberId: string | null) =>
  db
    .selectFrom('privilege as p')
    .select([
      'p.id',
      'p.merchant_id',
      'p.category_id',
      'p.title_en',
      'p.title_th',
      'p.points_cost',
      'p.tier',
      'p.stock',
      'p.redeemed',
      'p.valid_from',
      'p.valid_until',
      'p.like_count',
      'p.created_at',
      (eb) =>
        eb
          .selectFrom('privilege_image as pi')
          .select('pi.file')
          .whereRef('pi.privilege_id', '=', 'p.id')
          .where('pi.position', '=', 1)
          .as('cover_file'),
      memberId === null
        ? sql<boolean>`false`.as('liked')
        : sql<boolean>`exists (select 1 from privilege_like pl where pl.privilege_id = p.id and pl.member_id = ${memberId})`.as(
            'liked',
          ),
    ]);

export type PrivilegeSummaryRow = Awaited<
  ReturnType<ReturnType<typeof privilegeSummaryQuery>['execute']>
>[number];

export const countPrivileges = async (db: Db, f: ListFilter, now: Date): Promise<number> => {
  const row = await db
    .selectFrom('privilege as p')
    .select(sql<string | number>`count(*)`.as('n'))
    .where(and(privilegeConditions(f, now)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** One page of privileges (see listVouchersQuery). */
export const listPrivileges = (
  db: Db,
  f: ListFilter,
  order: ListOrder,
  page: Paging,
  now: Date,
  memberId: string | null,
  deferFromOffset = DEFERRED_JOIN_FROM_OFFSET,
) => {
  const dir = order.orderDir === 'ASC' ? 'asc' : 'desc';
  const conds = privilegeConditions(f, now);
  const q =
    page.offset < deferFromOffset
      ? privilegeSummaryQuery(db, memberId).where(and(conds)).limit(page.limit).offset(page.offset)
      : privilegeSummaryQuery(db, memberId).where(
          sql<boolean>`p.id in ${pageIdsSql('privilege', conds, order, page)}`,
        );
  return (order.orderBy === 'price' ? q.orderBy('p.points_cost', dir) : q)
    .orderBy('p.created_at', dir)
    .orderBy('p.id', dir)
    .execute();
};

/** A search page of privileges with its total in one pass (see searchVouchers). */
export const searchPrivileges = async (
  db: Db,
  f: ListFilter,
  order: ListOrder,
  page: Paging,
  now: Date,
  memberId: string | null,
  cap: number,
) => {
  const found = await searchPageSql(db, 'privilege', privilegeConditions(f, now), order, page, cap);
  if (!found) return undefined;
  const rows = found.ids.length
    ? await privilegeSummaryQuery(db, memberId).where('p.id', 'in', found.ids).execute()
    : [];
  return { total: found.total, rows: inOrder(found.ids, rows) };
};

/** One privilege with everything its detail shows, pictures included (one query). */
export const findPrivilege = (db: Db, id: string, memberId: string | null) =>
  isUuid(id)
    ? privilegeSummaryQuery(db, memberId)
        .select([
          'p.description_en',
          'p.description_th',
          'p.terms_en',
          'p.terms_th',
          'p.usage_limit',
          sql<string[]>`coalesce((select json_agg(i.file order by i.position) from privilege_image i
            where i.privilege_id = p.id), '[]')`.as('image_files'),
        ])
        .where('p.id', '=', id)
        .executeTakeFirst()
    : Promise.resolve(undefined);

/**
 * Recommended privileges: valid now, not sold out, tier allows; most liked first, then newest; with
 * `exclude`, the excluded items' categories first.
 */
export const recommendPrivileges = async (
  db: Db,
  opts: { limit: number; exclude: string[]; memberTier: Tier | null; memberId: string | null; now: Date },
) => {
  const exclude = opts.exclude.filter(isUuid);
  const base: RawBuilder<unknown>[] = [
    privilegeListed(opts.now),
    sql`p.valid_from <= ${opts.now}`,
    sql`(p.stock is null or p.redeemed < p.stock)`,
  ];
  if (opts.memberTier !== null)
    base.push(sql`(p.tier is null or p.tier in (${sql.join(tiersAtMost(opts.memberTier))}))`);
  if (exclude.length) base.push(sql`p.id not in (${idList(exclude)})`);
  const ranked = (extra: RawBuilder<unknown>[], limit: number) =>
    privilegeSummaryQuery(db, opts.memberId)
      .where(and([...base, ...extra]))
      .orderBy('p.like_count', 'desc')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
  if (!exclude.length) return ranked([], opts.limit);
  const cats = sql`(select distinct category_id from privilege where id in (${idList(exclude)}))`;
  const first = await ranked([sql`p.category_id in ${cats}`], opts.limit);
  if (first.length >= opts.limit) return first;
  return [...first, ...(await ranked([sql`p.category_id not in ${cats}`], opts.limit - first.length))];
};

/** The member's liked privileges, most recently liked first (ended ones included: they were liked). */
export const favoritePrivileges = (db: Db, memberId: string, limit: number) =>
  privilegeSummaryQuery(db, memberId)
    .innerJoin('privilege_like as fav', (j) =>
      j.onRef('fav.privilege_id', '=', 'p.id').on('fav.member_id', '=', memberId),
    )
    .orderBy('fav.created_at', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();

export const privilegeExists = async (db: Db, id: string) =>
  isUuid(id) &&
  (await db.selectFrom('privilege').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/**
 * Likes or unlikes, idempotently: the (member, privilege) primary key decides whether anything
 * changed, and like_count moves only when it did — in the same transaction.
 */
export const setPrivilegeLike = (
  db: Kysely<Database>,
  memberId: string,
  privilegeId: string,
  like: boolean,
  now: Date,
) =>
  db.transaction().execute(async (trx) => {
    const changed = like
      ? await trx
          .insertInto('privilege_like')
          .values({ member_id: memberId, privilege_id: privilegeId, created_at: now })
          .onConflict((oc) => oc.columns(['member_id', 'privilege_id']).doNothing())
          .returning('privilege_id')
          .executeTakeFirst()
      : await trx
          .deleteFrom('privilege_like')
          .where('member_id', '=', memberId)
          .where('privilege_id', '=', privilegeId)
          .returning('privilege_id')
          .executeTakeFirst();
    const row = changed
      ? await trx
          .updateTable('privilege')
          .set({
            like_count: like ? sql`like_count + 1` : sql`greatest(like_count - 1, 0)`,
          })
          .where('id', '=', privilegeId)
          .returning('like_count')
          .executeTakeFirstOrThrow()
      : await trx
          .selectFrom('privilege')
          .select('like_count')
          .where('id', '=', privilegeId)
          .executeTakeFirstOrThrow();
    return { liked: like, likeCount: row.like_count };
  });

/* ------------------------------------------------------------------ categories, merchants, … */

export const listCategories = (db: Db) =>
  db
    .selectFrom('category')
    .select(['id', 'slug', 'name_en', 'name_th', 'icon_file', 'sort_order'])
    .orderBy('sort_order')
    .orderBy('slug')
    .execute();

const merchantQuery = (db: Db, now: Date) =>
  db
    .selectFrom('merchant as m')
    .innerJoin('category as c', 'c.id', 'm.category_id')
    .select([
      ...refColumns,
      'm.description_en',
      'm.description_th',
      sql<
        string | number
      >`(select count(*) from voucher v where v.merchant_id = m.id and ${voucherListed(now)})`.as(
        'voucher_count',
      ),
    ]);

export type MerchantRow = Awaited<ReturnType<ReturnType<typeof merchantQuery>['execute']>>[number];

export const countMerchants = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('merchant')
        .select(sql<string | number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Stores by name in the member's language (with the fallback rule), then id. */
export const listMerchants = (db: Db, lang: Language, page: Paging, now: Date) =>
  merchantQuery(db, now)
    .orderBy(localizedSql(lang, 'm', 'name'))
    .orderBy('m.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export const findMerchant = (db: Db, id: string, now: Date) =>
  isUuid(id) ? merchantQuery(db, now).where('m.id', '=', id).executeTakeFirst() : Promise.resolve(undefined);

/** The Coupon tab: coupons valid now or later, not used up; valid ones first, then by end. */
const couponConditions = (now: Date) =>
  and([sql`c.ends_at >= ${now}`, sql`(c.total_limit is null or c.used_count < c.total_limit)`]);

export const countCoupons = async (db: Db, now: Date) =>
  Number(
    (
      await db
        .selectFrom('coupon as c')
        .select(sql<string | number>`count(*)`.as('n'))
        .where(couponConditions(now))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const listCoupons = (db: Db, page: Paging, now: Date) =>
  db
    .selectFrom('coupon as c')
    .select([
      'c.id',
      'c.code',
      'c.title_en',
      'c.title_th',
      'c.description_en',
      'c.description_th',
      'c.discount_type',
      'c.discount_value',
      'c.max_discount',
      'c.min_spend',
      'c.starts_at',
      'c.ends_at',
      'c.total_limit',
      'c.used_count',
      'c.per_member_limit',
    ])
    .where(couponConditions(now))
    .orderBy(sql`c.starts_at > ${now}`)
    .orderBy('c.ends_at')
    .orderBy('c.code')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export type CouponRow = Awaited<ReturnType<typeof listCoupons>>[number];

export const couponMerchants = (db: Db, couponIds: string[]) =>
  couponIds.length
    ? db
        .selectFrom('coupon_merchant as cm')
        .innerJoin('merchant as m', 'm.id', 'cm.merchant_id')
        .select(['cm.coupon_id', 'm.id', 'm.name_en', 'm.name_th', 'm.logo_file'])
        .where('cm.coupon_id', 'in', couponIds)
        .orderBy('m.name_en')
        .execute()
    : Promise.resolve([]);

export const couponVouchers = (db: Db, couponIds: string[]) =>
  couponIds.length
    ? db
        .selectFrom('coupon_voucher')
        .select(['coupon_id', 'voucher_id'])
        .where('coupon_id', 'in', couponIds)
        .orderBy('voucher_id')
        .execute()
    : Promise.resolve([]);

const bannerActive = (now: Date) =>
  and([sql`(b.starts_at is null or b.starts_at <= ${now})`, sql`(b.ends_at is null or b.ends_at >= ${now})`]);

const bannerQuery = (db: Db, now: Date) =>
  db
    .selectFrom('banner as b')
    .select([
      'b.id',
      'b.position',
      'b.title_en',
      'b.title_th',
      'b.subtitle_en',
      'b.subtitle_th',
      'b.image_file',
      'b.link_path',
    ])
    .where(bannerActive(now));

export type BannerRow = Awaited<ReturnType<ReturnType<typeof bannerQuery>['execute']>>[number];

export const listBanners = (db: Db, position: BannerPosition, now: Date) =>
  bannerQuery(db, now)
    .where('b.position', '=', position)
    .orderBy('b.sort_order')
    .orderBy('b.created_at')
    .execute();

export const countActiveBanners = async (db: Db, now: Date) =>
  Number(
    (
      await db
        .selectFrom('banner as b')
        .select(sql<string | number>`count(*)`.as('n'))
        .where(bannerActive(now))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The ticket-office list: every active banner, TOP before BOTTOM, each by its order. */
export const pageActiveBanners = (db: Db, page: Paging, now: Date) =>
  bannerQuery(db, now)
    .orderBy(sql`b.position = 'TOP'`, 'desc')
    .orderBy('b.sort_order')
    .orderBy('b.created_at')
    .orderBy('b.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export const memberTier = async (db: Db, memberId: string): Promise<Tier | undefined> =>
  (await db.selectFrom('member').select('tier').where('id', '=', memberId).executeTakeFirst())?.tier;
