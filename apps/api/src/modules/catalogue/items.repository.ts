import type { Tier } from '@app/contracts';
import { sql, type RawBuilder } from 'kysely';
import { isPrivilegeCustomer, tiersAtMost } from './availability.ts';
import { and, COUNT, countOf, idList, isUuid, type Db, type Paging } from './query-parts.ts';
import { matchesSearch } from './search.ts';

/*
 * Lists, counts, searches and recommendations of vouchers and privileges: one implementation for
 * both, told apart by an ItemTable (vouchers.repository.ts, privileges.repository.ts). The two kinds
 * are the same thing for these queries — a priced item of a merchant and category, on offer in a
 * time window, with an optional stock — and differ only in names: table, price column (baht or
 * points), window columns, what ranks a recommendation. Both tables keep `sold_out` (stock not null
 * and sold/redeemed ≥ stock) as a stored generated column.
 */

/** What every item card row has: the shared queries order by id, presenters look up the references. */
export interface ItemRow {
  id: string;
  merchant_id: string;
  category_id: string;
}

/** A select of items (cards or details), as the shared queries narrow, order and run it. */
export interface ItemSelect<Row> {
  where(condition: RawBuilder<boolean>): ItemSelect<Row>;
  orderBy(order: RawBuilder<unknown>): ItemSelect<Row>;
  limit(limit: number): ItemSelect<Row>;
  offset(offset: number): ItemSelect<Row>;
  execute(): Promise<Row[]>;
}

/** How the shared item queries read one kind of item. */
export interface ItemTable<Row extends ItemRow, DetailRow extends Row = Row> {
  table: 'voucher' | 'privilege';
  /** The alias every query gives the table (and the card query uses). */
  alias: 'v' | 'p';
  /** What the price filter and sort read: baht for a voucher, points for a privilege. */
  price: 'price' | 'points_cost';
  /** The window in which the item can be had: a voucher's sale, a privilege's validity. */
  startsAt: 'sale_starts_at' | 'valid_from';
  /** null = open-ended. */
  endsAt: 'sale_ends_at' | 'valid_until';
  /** Recommendations rank by this first: vouchers by sales, privileges by likes. */
  popularity: 'sold' | 'like_count';
  /** Whether the kind has the privilege-only flag (vouchers do: for privilege customers only). */
  hasPrivilegeOnly: boolean;
  /** The card's columns; `memberId` for the ones that depend on who asks (a privilege's `liked`). */
  summaries(db: Db, memberId: string | null): ItemSelect<Row>;
  /** The card's columns and everything the detail adds. */
  details(db: Db, memberId: string | null): ItemSelect<DetailRow>;
}

/**
 * An item's pictures are rows of `<table>_image` (`<table>_id`, position, file); position 1 is the
 * cover. The cover's file, as a scalar subquery rather than a join: the planner has one table less
 * to think about.
 */
export const coverFileSql = (table: 'voucher' | 'privilege', alias: 'v' | 'p') =>
  sql<string | null>`(select i.file from ${sql.table(`${table}_image`)} i
    where ${sql.ref(`i.${table}_id`)} = ${sql.ref(`${alias}.id`)} and i.position = 1)`.as('cover_file');

/** Every picture's file, in order (an item's detail). */
export const imageFilesSql = (table: 'voucher' | 'privilege', alias: 'v' | 'p') =>
  sql<string[]>`coalesce((select json_agg(i.file order by i.position) from ${sql.table(`${table}_image`)} i
    where ${sql.ref(`i.${table}_id`)} = ${sql.ref(`${alias}.id`)}), '[]')`.as('image_files');

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

/** What a list or search asks: filter, order, page, the clock, and who asks (null = a visitor). */
export interface ItemQuery {
  filter: ListFilter;
  order: ListOrder;
  page: Paging;
  now: Date;
  memberId: string | null;
  /**
   * The filter's counts if known (countItems, perhaps cached a while): a page they place wholly past
   * a group is checked with a count instead of walking the group's index to find nothing.
   */
  counts?: ItemCounts | undefined;
}

/** For the helpers that read only the descriptor's names. */
type AnyItemTable = ItemTable<ItemRow, ItemRow>;

const column = (kind: AnyItemTable, name: string, alias: string = kind.alias) => sql.ref(`${alias}.${name}`);

/**
 * Lists, searches and recommendations show what has not ended; an ended item stays reachable by id
 * (its detail answers unavailableReason 'ended').
 */
export const listedSql = (kind: AnyItemTable, now: Date): RawBuilder<unknown> => {
  const ends = column(kind, kind.endsAt);
  return sql`(${publishedSql(kind.alias)} and (${ends} is null or ${ends} >= ${now}))`;
};

/**
 * Members see only published items. Written as a literal, never a parameter: the member's list
 * indexes are partial (`where status = 'published'`, migration 2025-12-07-0001) and the planner uses
 * one only when the query's condition visibly implies its predicate.
 */
export const publishedSql = (alias: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${alias}.status`)} = 'published'`;

/**
 * The order of lists: what can be had now first. A listed item is in one of three groups — on sale
 * now (started, not sold out), not started yet, sold out — and lists show them in this order, each
 * in the chosen sort, whatever the sort (a shop shows sold-out items last, by price or by date).
 * `not_started` comes before `sold_out` as in judge(): an item not started yet is upcoming, however
 * many are left.
 */
export const AVAILABILITY_GROUPS = ['onSale', 'upcoming', 'soldOut'] as const;
export type AvailabilityGroup = (typeof AVAILABILITY_GROUPS)[number];

/** The condition of a group (with listedSql, the three split what lists show). */
const groupSql = (kind: AnyItemTable, group: AvailabilityGroup, now: Date) => {
  const starts = column(kind, kind.startsAt);
  const soldOut = column(kind, 'sold_out');
  if (group === 'upcoming') return sql`${starts} > ${now}`;
  return group === 'onSale'
    ? sql`(${starts} <= ${now} and not ${soldOut})`
    : sql`(${starts} <= ${now} and ${soldOut})`;
};

/** A group's position in AVAILABILITY_GROUPS, as SQL (0 on sale, 1 not started, 2 sold out). */
const groupRankSql = (kind: AnyItemTable, now: Date) =>
  sql`case when ${groupSql(kind, 'upcoming', now)} then 1 when ${column(kind, 'sold_out')} then 2 else 0 end`;

/** The list filter as SQL conditions: what is listed, category, merchant, text and price bounds. */
const listConditions = (kind: AnyItemTable, f: ListFilter, now: Date): RawBuilder<unknown>[] => {
  const conds: RawBuilder<unknown>[] = [listedSql(kind, now)];
  if (f.categorySlug !== undefined)
    conds.push(
      sql`${column(kind, 'category_id')} = (select id from category where slug = ${f.categorySlug})`,
    );
  if (f.merchantId !== undefined)
    conds.push(
      isUuid(f.merchantId) ? sql`${column(kind, 'merchant_id')} = ${f.merchantId}::uuid` : sql`false`,
    );
  if (f.q !== undefined) conds.push(matchesSearch(`${kind.alias}.search_text`, f.q));
  if (f.minPrice !== undefined) conds.push(sql`${column(kind, kind.price)} >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) conds.push(sql`${column(kind, kind.price)} <= ${f.maxPrice}`);
  return conds;
};

/** How many a filter lists, and how many of them are in each availability group. */
export type ItemCounts = { total: number } & Record<AvailabilityGroup, number>;

const countWhere = (db: Db, kind: AnyItemTable, conds: RawBuilder<unknown>[]) =>
  countOf(db.selectFrom(sql.table(kind.table).as(kind.alias)).select(COUNT).where(and(conds)));

/** A filter's total and groups in one pass (the covering indexes hold every column it tests). */
export const countItems = async (
  db: Db,
  kind: AnyItemTable,
  f: ListFilter,
  now: Date,
): Promise<ItemCounts> => {
  const n = (group: AvailabilityGroup) =>
    sql<string | number>`count(*) filter (where ${groupSql(kind, group, now)})`.as(group);
  const r = await db
    .selectFrom(sql.table(kind.table).as(kind.alias))
    .select([COUNT, n('onSale'), n('upcoming')])
    .where(and(listConditions(kind, f, now)))
    .executeTakeFirstOrThrow();
  const [total, onSale, upcoming] = [Number(r.n), Number(r.onSale), Number(r.upcoming)];
  return { total, onSale, upcoming, soldOut: total - onSale - upcoming };
};

/** ORDER BY of a list over alias `a`: ties broken by creation time then id, in the same direction. */
const orderSql = (kind: AnyItemTable, a: string, order: ListOrder) => {
  const dir = sql.raw(order.orderDir === 'ASC' ? 'asc' : 'desc');
  const by = (c: string) => sql`${column(kind, c, a)} ${dir}`;
  return order.orderBy === 'price'
    ? sql.join([by(kind.price), by('created_at'), by('id')])
    : sql.join([by('created_at'), by('id')]);
};

/**
 * The ids of one page: filter, order, offset, limit — from the item table alone, which the covering
 * list indexes answer without reading the rows the offset skips.
 */
const pageIdsSql = (kind: AnyItemTable, conds: RawBuilder<unknown>[], order: ListOrder, page: Paging) => {
  const a = kind.alias;
  return sql`(select ${sql.raw(a)}.id from ${sql.table(kind.table)} ${sql.raw(a)} where ${and(conds)}
    order by ${orderSql(kind, a, order)} limit ${page.limit} offset ${page.offset})`;
};

/** Up to this offset a page is read in one pass; deeper pages pick their ids first (pageIdsSql). */
export const DEFERRED_JOIN_FROM_OFFSET = 100;

/**
 * One group's slice. Near the start, one pass over the sort index reading the rows it keeps. Deeper,
 * a "deferred join": the slice's ids first (pageIdsSql, from the covering indexes alone), then only
 * those rows — a single pass would read every row the offset skips.
 */
const groupSlice = <Row extends ItemRow>(
  db: Db,
  kind: ItemTable<Row>,
  q: ItemQuery,
  conds: RawBuilder<unknown>[],
  slice: Paging,
  deferFromOffset: number,
): Promise<Row[]> => {
  const cards = kind.summaries(db, q.memberId);
  const page =
    slice.offset < deferFromOffset
      ? cards.where(and(conds)).limit(slice.limit).offset(slice.offset)
      : cards.where(sql<boolean>`${column(kind, 'id')} in ${pageIdsSql(kind, conds, q.order, slice)}`);
  return page.orderBy(orderSql(kind, kind.alias, q.order)).execute();
};

/**
 * One page: the on-sale items, then the not-yet-started, then the sold-out ones, each group in the
 * chosen sort (AVAILABILITY_GROUPS). Each group is read on its own, as an ordered index scan that
 * stops after its slice — ordering by the group in SQL would sort every matching row, since "started"
 * is relative to now and no index can hold it. A page inside the first group (nearly every page) is
 * one query, as it would be without the groups; a page across a boundary reads the next group from
 * its start; a page wholly past a group counts that group to know where the next one starts. The
 * counts in `q` (perhaps cached) only choose between counting a group first and walking it; what
 * decides is always a count or a read of now, so stale counts never repeat or skip an item.
 */
export const listItems = async <Row extends ItemRow>(
  db: Db,
  kind: ItemTable<Row>,
  q: ItemQuery,
  deferFromOffset = DEFERRED_JOIN_FROM_OFFSET,
): Promise<Row[]> => {
  const rows: Row[] = [];
  let skip = q.page.offset;
  for (const group of AVAILABILITY_GROUPS) {
    const limit = q.page.limit - rows.length;
    if (limit === 0) break;
    const conds = [...listConditions(kind, q.filter, q.now), groupSql(kind, group, q.now)];
    if (skip > 0 && q.counts !== undefined && skip >= q.counts[group]) {
      const n = await countWhere(db, kind, conds);
      if (skip >= n) {
        skip -= n;
        continue;
      }
    }
    const slice = await groupSlice(db, kind, q, conds, { offset: skip, limit }, deferFromOffset);
    rows.push(...slice);
    if (slice.length > 0) skip = 0;
    else if (skip > 0) skip = Math.max(0, skip - (await countWhere(db, kind, conds)));
  }
  return rows;
};

/**
 * One published item with everything its detail shows, ended ones included; undefined when unknown,
 * not a uuid or not published (a draft is unknown to members).
 */
export const findItem = async <Row extends ItemRow, DetailRow extends Row>(
  db: Db,
  kind: ItemTable<Row, DetailRow>,
  id: string,
  memberId: string | null,
): Promise<DetailRow | undefined> =>
  isUuid(id)
    ? (
        await kind
          .details(db, memberId)
          .where(sql<boolean>`${column(kind, 'id')} = ${id}`)
          .where(publishedSql(kind.alias))
          .execute()
      )[0]
    : undefined;

/** The cards of `ids`, in the order of `ids`. */
const cardsInOrder = async <Row extends ItemRow>(
  db: Db,
  kind: ItemTable<Row>,
  memberId: string | null,
  ids: readonly string[],
): Promise<Row[]> => {
  if (!ids.length) return [];
  const rows = await kind
    .summaries(db, memberId)
    .where(sql<boolean>`${column(kind, 'id')} in (${sql.join(ids)})`)
    .execute();
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((x, y) => (at.get(x.id) ?? 0) - (at.get(y.id) ?? 0));
};

/**
 * A search page with its total in one pass, when it matches at most `cap` rows: the matches come from
 * the trigram index once, and both the total and the page's ids are taken from them. Walking a sort
 * index while testing the pattern (what the planner does when it cannot tell how rare a pattern is)
 * reads the whole table for a rare one; counting and paging separately would search twice. The
 * matches are ordered by availability group first, as listItems orders them.
 * undefined when there are more than `cap` matches (count and page the usual way then).
 */
export const searchItems = async <Row extends ItemRow>(
  db: Db,
  kind: ItemTable<Row>,
  q: ItemQuery,
  cap: number,
): Promise<{ total: number; rows: Row[] } | undefined> => {
  const { alias: a } = kind;
  const { order, page } = q;
  const { rows } = await sql<{ total: number | string; ids: string[] }>`
    with m as materialized (
      select ${sql.raw(a)}.id, ${sql.raw(a)}.created_at, ${column(kind, kind.price)},
        ${groupRankSql(kind, q.now)} as grp
      from ${sql.table(kind.table)} ${sql.raw(a)} where ${and(listConditions(kind, q.filter, q.now))}
      limit ${cap + 1})
    select (select count(*) from m) as total,
      coalesce((select json_agg(pg.id order by pg.grp, ${orderSql(kind, 'pg', order)})
        from (select * from m order by m.grp, ${orderSql(kind, 'm', order)} limit ${page.limit} offset ${page.offset}) pg),
        '[]') as ids`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  if (total > cap) return undefined;
  return { total, rows: await cardsInOrder(db, kind, q.memberId, rows[0]?.ids ?? []) };
};

/**
 * What the member could take now: listed, on sale now (started, not sold out), and — for a member —
 * what their tier allows (and, for privilege-only vouchers, only privilege customers). A visitor sees
 * tier-locked items (eligibility unknown).
 */
const obtainable = (kind: AnyItemTable, now: Date, memberTier: Tier | null): RawBuilder<unknown>[] => {
  const c = (name: string) => column(kind, name);
  const conds: RawBuilder<unknown>[] = [listedSql(kind, now), groupSql(kind, 'onSale', now)];
  if (memberTier !== null) {
    conds.push(sql`(${c('tier')} is null or ${c('tier')} in (${sql.join(tiersAtMost(memberTier))}))`);
    if (kind.hasPrivilegeOnly && !isPrivilegeCustomer(memberTier))
      conds.push(sql`not ${c('privilege_only')}`);
  }
  return conds;
};

export interface RecommendQuery {
  limit: number;
  /** Left out; their categories come first ("You may also like" passes the item on screen). */
  exclude: string[];
  memberTier: Tier | null;
  memberId: string | null;
  now: Date;
}

/**
 * Recommended items: obtainable now, most popular first (ItemTable.popularity), then newest. With
 * `exclude`, items of the excluded items' categories come first, then the rest.
 */
export const recommendItems = async <Row extends ItemRow>(
  db: Db,
  kind: ItemTable<Row>,
  opts: RecommendQuery,
): Promise<Row[]> => {
  const exclude = opts.exclude.filter(isUuid);
  const base = obtainable(kind, opts.now, opts.memberTier);
  if (exclude.length) base.push(sql`${column(kind, 'id')} not in (${idList(exclude)})`);
  const ranking = sql.join([kind.popularity, 'created_at', 'id'].map((c) => sql`${column(kind, c)} desc`));
  const ranked = (extra: RawBuilder<unknown>[], limit: number) =>
    kind
      .summaries(db, opts.memberId)
      .where(and([...base, ...extra]))
      .orderBy(ranking)
      .limit(limit)
      .execute();
  if (!exclude.length) return ranked([], opts.limit);
  const cats = sql`(select distinct category_id from ${sql.table(kind.table)} where id in (${idList(exclude)}))`;
  const category = column(kind, 'category_id');
  const first = await ranked([sql`${category} in ${cats}`], opts.limit);
  if (first.length >= opts.limit) return first;
  return [...first, ...(await ranked([sql`${category} not in ${cats}`], opts.limit - first.length))];
};
