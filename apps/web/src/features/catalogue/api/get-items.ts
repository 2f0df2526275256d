import type { PrivilegeDetail, PrivilegeSummary, VoucherDetail, VoucherSummary } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { pagedQueryOptions } from '../../../shared/api/paged-query.ts';
import { queryOf, type ListFilter } from '../lib/list-filter.ts';
import { catalogueKeys, type ItemKind, type RecommendParams } from './query-keys.ts';
import type { CatalogueScope, Paged } from './scope.ts';

export type { ItemKind } from './query-keys.ts';

// Vouchers and privileges are listed, filtered, recommended and opened through the same endpoints
// under their own path; only the shape of an item differs.
interface Answers {
  vouchers: { summary: VoucherSummary; detail: VoucherDetail };
  privileges: { summary: PrivilegeSummary; detail: PrivilegeDetail };
}
export type SummaryOf<K extends ItemKind> = Answers[K]['summary'];
export type DetailOf<K extends ItemKind> = Answers[K]['detail'];

export const LIST_PAGE_SIZE = 20;

/**
 * One page of a kind (the API validates its answers against the contract before sending them). For
 * privileges `minPrice`/`maxPrice` and the price sort are on the points cost.
 */
export const getItems = async <K extends ItemKind>(
  kind: K,
  scope: CatalogueScope,
  filter: ListFilter,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
) =>
  (await api.get(`/bff/${kind}`, {
    query: { ...queryOf(filter), ...paging },
    lang: scope.lang,
    signal,
  })) as Paged<SummaryOf<K>>;

/** The first `limit` items of a filter (home grids, search results). */
export const getFirstItemsQueryOptions = <K extends ItemKind>(
  kind: K,
  scope: CatalogueScope,
  filter: ListFilter,
  limit: number,
) =>
  queryOptions({
    queryKey: catalogueKeys[kind].first(scope, filter, limit),
    queryFn: ({ signal }) => getItems(kind, scope, filter, { page: 1, limit }, signal),
  });

/** A list page after page. */
export const getItemsInfiniteQueryOptions = <K extends ItemKind>(
  kind: K,
  scope: CatalogueScope,
  filter: ListFilter,
) =>
  pagedQueryOptions(catalogueKeys[kind].pages(scope, filter), (page, signal) =>
    getItems(kind, scope, filter, { page, limit: LIST_PAGE_SIZE }, signal),
  );

/** Recommended on home; "You may also like" on a detail with `exclude` = the item on screen. */
export const getRecommended = async <K extends ItemKind>(
  kind: K,
  scope: CatalogueScope,
  params: RecommendParams,
  signal?: AbortSignal,
) =>
  (await api.get(`/bff/${kind}/recommend`, {
    query: { limit: params.limit, exclude: params.exclude?.length ? params.exclude.join(',') : undefined },
    lang: scope.lang,
    signal,
  })) as SummaryOf<K>[];

export const getRecommendedQueryOptions = <K extends ItemKind>(
  kind: K,
  scope: CatalogueScope,
  params: RecommendParams,
) =>
  queryOptions({
    queryKey: catalogueKeys[kind].recommend(scope, params),
    queryFn: ({ signal }) => getRecommended(kind, scope, params, signal),
  });

export const getItem = async <K extends ItemKind>(
  kind: K,
  scope: CatalogueScope,
  id: string,
  signal?: AbortSignal,
) => (await api.get(`/bff/${kind}/${encodeURIComponent(id)}`, { lang: scope.lang, signal })) as DetailOf<K>;

export const getItemQueryOptions = <K extends ItemKind>(kind: K, scope: CatalogueScope, id: string) =>
  queryOptions({
    queryKey: catalogueKeys[kind].detail(scope, id),
    queryFn: ({ signal }) => getItem(kind, scope, id, signal),
  });
