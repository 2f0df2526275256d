import type {
  CatalogueListFilters,
  PrivilegeDetail,
  PrivilegeSummary,
  VoucherDetail,
  VoucherSummary,
} from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { presentContext, type CatalogueCtx } from './catalogue.context.ts';
import {
  pageOf,
  presentPrivilegeDetail,
  presentPrivilegeSummary,
  presentVoucherDetail,
  presentVoucherSummary,
  type PresentContext,
} from './catalogue.presenter.ts';
import {
  countItems,
  findItem,
  listItems,
  recommendItems,
  searchItems,
  type ItemCounts,
  type ItemQuery,
  type ItemRow,
  type ItemTable,
} from './items.repository.ts';
import {
  PRIVILEGE_TABLE,
  type PrivilegeDetailRow,
  type PrivilegeSummaryRow,
} from './privileges.repository.ts';
import { viewerOf, type Reader } from './viewer.ts';
import { VOUCHER_TABLE, type VoucherDetailRow, type VoucherSummaryRow } from './vouchers.repository.ts';

/*
 * Vouchers and privileges read the same way — a list (filtered, searched, sorted, paged), the
 * recommendations and one item's detail — so these rules are written once, for an ItemKind.
 */

/** One kind of catalogue item: its queries, its presenters, and the 404 of an unknown id. */
export interface ItemKind<Row extends ItemRow, DetailRow extends Row, Summary, Detail> {
  table: ItemTable<Row, DetailRow>;
  present(row: Row, c: PresentContext): Summary;
  presentDetail(row: DetailRow, c: PresentContext): Detail;
  notFound: 'voucher_not_found' | 'privilege_not_found';
}

export const VOUCHERS: ItemKind<VoucherSummaryRow, VoucherDetailRow, VoucherSummary, VoucherDetail> = {
  table: VOUCHER_TABLE,
  present: presentVoucherSummary,
  presentDetail: presentVoucherDetail,
  notFound: 'voucher_not_found',
};

export const PRIVILEGES: ItemKind<
  PrivilegeSummaryRow,
  PrivilegeDetailRow,
  PrivilegeSummary,
  PrivilegeDetail
> = {
  table: PRIVILEGE_TABLE,
  present: presentPrivilegeSummary,
  presentDetail: presentPrivilegeDetail,
  notFound: 'privilege_not_found',
};

/**
 * A search matching at most this many rows is counted and paged in one pass (searchItems); above
 * it, the total is counted (and cached: the count cache keeps totals from this size up).
 */
export const FEW_MATCHES = 1000;

/** Counts from the cache, or counted (and cached when large). */
const cachedCounts = async (ctx: CatalogueCtx, key: string, count: () => Promise<ItemCounts>) => {
  const hit = ctx.counts.get(key);
  if (hit !== undefined) return hit;
  const counts = await count();
  ctx.counts.set(key, counts);
  return counts;
};

/**
 * One page of a kind, filtered, searched and sorted — on sale now first, then not started, then sold
 * out (listItems) — with its total. A search whose total is not cached is tried in one pass first
 * (few matches); otherwise the total and groups are counted (cached when large) and the page read
 * only when it is not past the end.
 */
export const itemList = async <Row extends ItemRow, DetailRow extends Row, Summary, Detail>(
  ctx: CatalogueCtx,
  kind: ItemKind<Row, DetailRow, Summary, Detail>,
  reader: Reader,
  query: CatalogueListFilters,
) => {
  const viewer = await viewerOf(ctx.db, reader);
  const now = ctx.now();
  const { page, limit, orderBy, orderDir, category, merchant, q, minPrice, maxPrice } = query;
  const filter = { categorySlug: category, merchantId: merchant, q, minPrice, maxPrice };
  const offset = (page - 1) * limit;
  const itemQuery: ItemQuery = {
    filter,
    order: { orderBy, orderDir },
    page: { offset, limit },
    now,
    memberId: viewer.member?.id ?? null,
  };
  const key = JSON.stringify([kind.table.table, filter]);
  const countedPage = async () => {
    const counts = await cachedCounts(ctx, key, () => countItems(ctx.db, kind.table, filter, now));
    const { total } = counts;
    return {
      total,
      rows: offset < total ? await listItems(ctx.db, kind.table, { ...itemQuery, counts }) : [],
    };
  };
  const onePass =
    q !== undefined && ctx.counts.get(key) === undefined
      ? await searchItems(ctx.db, kind.table, itemQuery, FEW_MATCHES)
      : undefined;
  const { total, rows } = onePass ?? (await countedPage());
  const c = await presentContext(ctx, viewer, now, rows);
  return pageOf(
    rows.map((r) => kind.present(r, c)),
    page,
    limit,
    total,
  );
};

/** "exclude=a,b,c" → ids (blanks dropped, at most 50). */
const splitIds = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 50);

/** What the viewer could take now, most popular first; `exclude`'s categories first (recommendItems). */
export const itemRecommendations = async <Row extends ItemRow, DetailRow extends Row, Summary, Detail>(
  ctx: CatalogueCtx,
  kind: ItemKind<Row, DetailRow, Summary, Detail>,
  reader: Reader,
  query: { limit: number; exclude?: string | undefined },
): Promise<Summary[]> => {
  const viewer = await viewerOf(ctx.db, reader);
  const now = ctx.now();
  const rows = await recommendItems(ctx.db, kind.table, {
    limit: query.limit,
    exclude: splitIds(query.exclude),
    memberTier: viewer.member?.tier ?? null,
    memberId: viewer.member?.id ?? null,
    now,
  });
  const c = await presentContext(ctx, viewer, now, rows);
  return rows.map((r) => kind.present(r, c));
};

/** One item by id, ended ones included (old links keep working); unknown or not a uuid → 404. */
export const itemDetail = async <Row extends ItemRow, DetailRow extends Row, Summary, Detail>(
  ctx: CatalogueCtx,
  kind: ItemKind<Row, DetailRow, Summary, Detail>,
  reader: Reader,
  id: string,
): Promise<Detail> => {
  const viewer = await viewerOf(ctx.db, reader);
  const now = ctx.now();
  const row = await findItem(ctx.db, kind.table, id, viewer.member?.id ?? null);
  if (!row) throw new AppError(kind.notFound);
  return kind.presentDetail(row, await presentContext(ctx, viewer, now, [row]));
};
