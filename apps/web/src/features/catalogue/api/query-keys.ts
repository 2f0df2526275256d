import type { BannerPosition, Language } from '@app/contracts';
import { LANGUAGES } from '@app/contracts/constants';
import { partialMatchKey, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import { categoriesQueryKey } from '../../../shared/catalogue/categories.ts';
import type { ListFilter } from '../lib/list-filter.ts';
import type { CatalogueScope } from './scope.ts';

/** The two kinds of catalogue item; each word is at once their API path, key segment and text group. */
export type ItemKind = 'vouchers' | 'privileges';

export type RecommendParams = { limit: number; exclude?: string[] };

const root = ['catalogue'] as const;
const language = (lang: Language) => [...root, lang] as const;
// A member's token changes what the API answers (`eligible`, `liked`), so the viewer follows the language.
const scoped = (s: CatalogueScope) => [...language(s.lang), s.viewer] as const;

const itemKeys = <K extends ItemKind>(kind: K) => {
  const all = (s: CatalogueScope) => [...scoped(s), kind] as const;
  return {
    /** Every cached answer of this kind for one reader: the prefix that reaches them all. */
    all,
    /** The first `limit` items of a filter (home grids, search results). */
    first: (s: CatalogueScope, filter: ListFilter, limit: number) =>
      [...all(s), 'first', filter, limit] as const,
    /** A list page after page. */
    pages: (s: CatalogueScope, filter: ListFilter) => [...all(s), 'pages', filter] as const,
    recommend: (s: CatalogueScope, params: RecommendParams) => [...all(s), 'recommend', params] as const,
    detail: (s: CatalogueScope, id: string) => [...all(s), 'detail', id] as const,
  };
};

const privileges = itemKeys('privileges');

/**
 * Every catalogue query key, built here and nowhere else, so that a key and the prefix that finds it
 * cannot drift apart. Keys start `['catalogue', lang, viewer]`: texts follow the language and a token
 * changes the answers, so neither a language switch nor a sign-in can show an answer meant for another
 * reader. Categories and merchants are the same for every reader and are keyed by language only.
 */
export const catalogueKeys = {
  all: root,
  language,
  scope: scoped,
  /** Built in shared/ (the wallet reads the same list), still under `['catalogue', lang]`. */
  categories: categoriesQueryKey,
  merchants: (lang: Language) => [...language(lang), 'merchants'] as const,
  merchant: (lang: Language, id: string) => [...language(lang), 'merchant', id] as const,
  banners: (s: CatalogueScope, position: BannerPosition) => [...scoped(s), 'banners', position] as const,
  coupons: (s: CatalogueScope) => [...scoped(s), 'coupons'] as const,
  vouchers: itemKeys('vouchers'),
  privileges: {
    ...privileges,
    /** The signed-in member's liked privileges. */
    favorites: (s: CatalogueScope) => [...privileges.all(s), 'favorite'] as const,
  },
};

/**
 * The queries of one reader under `prefixOf` in every language (a key has the language before the
 * viewer, so no single prefix reaches both). For `setQueriesData`, `cancelQueries`, `invalidateQueries`.
 */
export const everyLanguage = (viewer: string, prefixOf: (s: CatalogueScope) => QueryKey): QueryFilters => {
  const prefixes = LANGUAGES.map((lang) => prefixOf({ lang, viewer }));
  return { predicate: (query) => prefixes.some((prefix) => partialMatchKey(query.queryKey, prefix)) };
};
