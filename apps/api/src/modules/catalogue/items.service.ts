import type {
  CatalogueListFilters,
  PrivilegeDetail,
  PrivilegeSummary,
  VoucherDetail,
  VoucherSummary,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { answerOf, withLikes, type Answer } from './answer.ts';
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
import type { Reader, Viewer } from './viewer.ts';
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
  /** Whether its cards say whether the member liked them (laid over the shared answers). */
  likeable: boolean;
}

export const VOUCHERS: ItemKind<VoucherSummaryRow, VoucherDetailRow, VoucherSummary, VoucherDetail> = {
  table: VOUCHER_TABLE,
  present: presentVoucherSummary,
  presentDetail: presentVoucherDetail,
  notFound: 'voucher_not_found',
  likeable: false,
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
  likeable: true,
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
const itemList = async <Row extends ItemRow, DetailRow extends Row, Summary, Detail>(
  ctx: CatalogueCtx,
  kind: ItemKind<Row, DetailRow, Summary, Detail>,
  viewer: SharedViewer,
  query: CatalogueListFilters,
) => {
  const now = ctx.now();
  const { page, limit, orderBy, orderDir, category, merchant, q, minPrice, maxPrice } = query;
  const filter = { categorySlug: category, merchantId: merchant, q, minPrice, maxPrice };
  const offset = (page - 1) * limit;
  const itemQuery: ItemQuery = {
    filter,
    order: { orderBy, orderDir },
    page: { offset, limit },
    now,
    memberId: null,
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
const itemRecommendations = async <Row extends ItemRow, DetailRow extends Row, Summary, Detail>(
  ctx: CatalogueCtx,
  kind: ItemKind<Row, DetailRow, Summary, Detail>,
  viewer: SharedViewer,
  query: RecommendQuery,
): Promise<Summary[]> => {
  const now = ctx.now();
  const rows = await recommendItems(ctx.db, kind.table, {
    limit: query.limit,
    exclude: splitIds(query.exclude),
    memberTier: viewer.member?.tier ?? null,
    memberId: null,
    now,
  });
  const c = await presentContext(ctx, viewer, now, rows);
  return rows.map((r) => kind.present(r, c));
};

/** One item by id, ended ones included (old links keep working); unknown or not a uuid → 404. */
const itemDetail = async <Row extends ItemRow, DetailRow extends Row, Summary, Detail>(
  ctx: CatalogueCtx,
  kind: ItemKind<Row, DetailRow, Summary, Detail>,
  viewer: SharedViewer,
  id: string,
): Promise<Detail> => {
  const now = ctx.now();
  const row = await findItem(ctx.db, kind.table, id, null);
  if (!row) throw new AppError(kind.notFound);
  return kind.presentDetail(row, await presentContext(ctx, viewer, now, [row]));
};

type RecommendQuery = { limit: number; exclude?: string | undefined };

/**
 * What a shared answer is computed for: the language and the member's tier, nothing of the member
 * alone (their likes are laid on top). Every member of one tier gets the same answer.
 */
type SharedViewer = { lang: Viewer['lang']; member: { tier: NonNullable<Viewer['member']>['tier'] } | null };

const shared = (viewer: Viewer): SharedViewer => ({
  lang: viewer.lang,
  member: viewer.member ? { tier: viewer.member.tier } : null,
});

/**
 * The three reads of one kind (a list page, recommendations, one item) as the viewer sees them,
 * each through the answer cache: the answer everyone with this language and tier gets — kept under
 * the kind, the language, the tier and what was asked — then, for a kind with likes, the member's own
 * likes on top. `schema` is the read's wire contract. An unknown item (404) is not kept.
 */
export const itemAnswers = <Row extends ItemRow, DetailRow extends Row, Summary, Detail>(
  kind: ItemKind<Row, DetailRow, Summary, Detail>,
) => {
  const answer = async (
    ctx: CatalogueCtx,
    reader: Reader,
    what: readonly unknown[],
    schema: z.ZodType,
    compute: (viewer: SharedViewer) => Promise<unknown>,
  ): Promise<{ answer: Answer; viewer: Viewer }> => {
    const viewer = await ctx.viewers.of(ctx.db, reader);
    const key = JSON.stringify([kind.table.table, viewer.lang, viewer.member?.tier ?? null, ...what]);
    const base = await ctx.answers.through(key, async () => answerOf(schema, await compute(shared(viewer))));
    return { answer: kind.likeable && viewer.member ? withLikes(base, viewer.member.liked) : base, viewer };
  };
  return {
    list: (ctx: CatalogueCtx, reader: Reader, query: CatalogueListFilters, schema: z.ZodType) =>
      answer(ctx, reader, ['list', query], schema, (viewer) => itemList(ctx, kind, viewer, query)),
    recommend: (ctx: CatalogueCtx, reader: Reader, query: RecommendQuery, schema: z.ZodType) =>
      answer(ctx, reader, ['recommend', query.limit, query.exclude ?? ''], schema, (viewer) =>
        itemRecommendations(ctx, kind, viewer, query),
      ),
    detail: (ctx: CatalogueCtx, reader: Reader, id: string, schema: z.ZodType) =>
      answer(ctx, reader, ['detail', id], schema, (viewer) => itemDetail(ctx, kind, viewer, id)),
  };
};
