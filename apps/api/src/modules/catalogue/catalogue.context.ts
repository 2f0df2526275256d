import type { AppDeps } from '../../context.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { CountCache } from './count-cache.ts';
import type { MediaLibrary } from './media.ts';
import type { Viewer, ViewerResolver } from './viewer.ts';
import type { PresentContext } from './catalogue.presenter.ts';

/** What the catalogue's route files share. */
export interface CatalogueDeps extends AppDeps {
  media: MediaLibrary;
  counts: CountCache;
  viewer: ViewerResolver;
}

export type CatalogueRoutes = (app: ZodApp, deps: CatalogueDeps) => void;

export const presentContext = (deps: CatalogueDeps, viewer: Viewer, now: Date): PresentContext => ({
  lang: viewer.lang,
  now,
  memberTier: viewer.member?.tier ?? null,
  media: deps.media,
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

/** "exclude=a,b,c" → ids (blanks dropped, at most 50). */
export const splitIds = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 50);
