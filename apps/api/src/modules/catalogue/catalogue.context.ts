import type { Tier } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { forRequest, type AppDeps, type Ctx } from '../../context.ts';
import { createAnswerCache, type AnswerCache, type AnswerCacheLimits } from './answer-cache.ts';
import type { PresentContext } from './catalogue.presenter.ts';
import { createCountCache, type CountCache } from './count-cache.ts';
import { createFreshness, type Freshness } from './freshness.ts';
import type { ItemCounts } from './items.repository.ts';
import type { MediaLibrary } from './media.ts';
import { createReferenceCache, type ReferenceCache } from './references.ts';
import { createViewerCache, type Viewer, type ViewerCache } from './viewer.ts';

/** The catalogue's own state: caches that live as long as the app and are shared by its requests. */
export interface CatalogueState {
  media: MediaLibrary;
  /** When the caches below must forget what they hold. */
  freshness: Freshness;
  /** Whole answers, shared by everyone who sees the same. */
  answers: AnswerCache;
  /** Members' tiers and likes. */
  viewers: ViewerCache;
  /** List totals and their availability groups, per kind and filter (for answers not cached). */
  counts: CountCache<ItemCounts>;
  refs: ReferenceCache;
}

/** What the catalogue's services are given: the ctx every service takes, and the module's state. */
export type CatalogueCtx = Ctx & CatalogueState;

/** A route's way to its services' ctx (with the request's logger). */
export type CatalogueCtxOf = (req: { log: FastifyBaseLogger }) => CatalogueCtx;

/** One per app; `state.freshness` is started and stopped with the app. */
export const createCatalogueState = (
  deps: AppDeps,
  media: MediaLibrary,
  log: FastifyBaseLogger,
  answerLimits?: AnswerCacheLimits,
): CatalogueState => {
  const freshness = createFreshness(deps.db, deps.now, log);
  const state: CatalogueState = {
    media,
    freshness,
    answers: createAnswerCache(freshness, answerLimits),
    viewers: createViewerCache(freshness),
    counts: createCountCache<ItemCounts>(deps.now),
    refs: createReferenceCache(deps.db, deps.now),
  };
  // Totals and store/category names were allowed to lag a while; after a change they must not.
  freshness.onChange(() => {
    state.counts.clear();
    state.refs.clear();
  });
  return state;
};

export const catalogueCtxOf =
  (deps: AppDeps, state: CatalogueState): CatalogueCtxOf =>
  (req) =>
    Object.assign(forRequest(deps, req), state);

/** How to present `rows` to this viewer — by language and tier only (loads the merchants and categories they name). */
export const presentContext = async (
  ctx: CatalogueCtx,
  viewer: { lang: Viewer['lang']; member: { tier: Tier } | null },
  now: Date,
  rows: readonly { merchant_id: string; category_id: string }[],
): Promise<PresentContext> => ({
  lang: viewer.lang,
  now,
  memberTier: viewer.member?.tier ?? null,
  media: ctx.media,
  refs: await ctx.refs.covering(rows),
});
