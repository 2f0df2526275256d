import type { AppDeps } from '../../context.ts';
import type { PresentContext } from './catalogue.presenter.ts';
import { createCountCache, type CountCache } from './count-cache.ts';
import type { MediaLibrary } from './media.ts';
import { createReferenceCache, type ReferenceCache } from './references.ts';
import type { Viewer } from './viewer.ts';

/** What the catalogue's services are given: the app's deps and the module's own caches. */
export interface CatalogueCtx extends AppDeps {
  media: MediaLibrary;
  counts: CountCache;
  refs: ReferenceCache;
}

/** One per app: the caches live as long as the app and are shared by its requests. */
export const createCatalogueCtx = (deps: AppDeps, media: MediaLibrary): CatalogueCtx => ({
  ...deps,
  media,
  counts: createCountCache(deps.now),
  refs: createReferenceCache(deps.db, deps.now),
});

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
