import type { FastifyBaseLogger } from 'fastify';
import { forRequest, type AppDeps, type Ctx } from '../../context.ts';
import type { PresentContext } from './catalogue.presenter.ts';
import { createCountCache, type CountCache } from './count-cache.ts';
import type { ItemCounts } from './items.repository.ts';
import type { MediaLibrary } from './media.ts';
import { createReferenceCache, type ReferenceCache } from './references.ts';
import type { Viewer } from './viewer.ts';

/** The catalogue's own state: caches that live as long as the app and are shared by its requests. */
export interface CatalogueState {
  media: MediaLibrary;
  /** List totals and their availability groups, per kind and filter. */
  counts: CountCache<ItemCounts>;
  refs: ReferenceCache;
}

/** What the catalogue's services are given: the ctx every service takes, and the module's state. */
export type CatalogueCtx = Ctx & CatalogueState;

/** A route's way to its services' ctx (with the request's logger). */
export type CatalogueCtxOf = (req: { log: FastifyBaseLogger }) => CatalogueCtx;

/** One per app. */
export const createCatalogueCtxOf = (deps: AppDeps, media: MediaLibrary): CatalogueCtxOf => {
  const state: CatalogueState = {
    media,
    counts: createCountCache<ItemCounts>(deps.now),
    refs: createReferenceCache(deps.db, deps.now),
  };
  return (req) => Object.assign(forRequest(deps, req), state);
};

/** How to present `rows` to this viewer (loads the merchants and categories they name). */
export const presentContext = async (
  ctx: CatalogueCtx,
  viewer: Viewer,
  now: Date,
  rows: readonly { merchant_id: string; category_id: string }[],
): Promise<PresentContext> => ({
  lang: viewer.lang,
  now,
  memberTier: viewer.member?.tier ?? null,
  media: ctx.media,
  refs: await ctx.refs.covering(rows),
});
