import type { AppDeps } from '../../context.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { CountCache } from './count-cache.ts';
import type { ReferenceCache } from './references.ts';
import type { MediaLibrary } from './media.ts';
import type { Viewer, ViewerResolver } from './viewer.ts';
import type { PresentContext } from './catalogue.presenter.ts';

/** What the catalogue's route files share. */
export interface CatalogueDeps extends AppDeps {
  media: MediaLibrary;
  counts: CountCache;
  refs: ReferenceCache;
  viewer: ViewerResolver;
}

export type CatalogueRoutes = (app: ZodApp, deps: CatalogueDeps) => void;

/** How to present `rows` to this viewer (loads the merchants and categories they name). */
export const presentContext = async (
  deps: CatalogueDeps,
  viewer: Viewer,
  now: Date,
  rows: readonly { merchant_id: string; category_id: string }[],
): Promise<PresentContext> => ({
  lang: viewer.lang,
  now,
  memberTier: viewer.member?.tier ?? null,
  media: deps.media,
  refs: await deps.refs.covering(rows),
});

/** A total from the cache, or counted (and cached when large). */
export const cachedCount = async (deps: CatalogueDeps, key: unknown, count: () => Promise<number>) => {
  const k = JSON.stringify(key);
  const hit = deps.counts.get(k);
  if (hit !== undefined) return hit;
  const total = await count();
  deps.counts.set(k, total);
  return total;
};

/**
 * A search matching at most this many rows is counted and paged in one pass (searchPageSql); above
 * it, the total is counted (and cached: the count cache keeps totals from this size up).
 */
export const FEW_MATCHES = 1000;

/** A list page and its total: the one-pass search when it applies, else count (cached) + page. */
export const pagedList = async <R>(
  deps: CatalogueDeps,
  key: unknown,
  offset: number,
  ways: {
    search?: (() => Promise<{ total: number; rows: R[] } | undefined>) | undefined;
    count: () => Promise<number>;
    list: () => Promise<R[]>;
  },
): Promise<{ total: number; rows: R[] }> => {
  if (ways.search && deps.counts.get(JSON.stringify(key)) === undefined) {
    const found = await ways.search();
    if (found) return found;
  }
  const total = await cachedCount(deps, key, ways.count);
  return { total, rows: offset < total ? await ways.list() : [] };
};

/** "exclude=a,b,c" → ids (blanks dropped, at most 50). */
export const splitIds = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 50);
