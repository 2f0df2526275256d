import type { AppDeps } from '../../context.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { browseRoutes } from './browse.routes.ts';
import type { CatalogueDeps } from './catalogue.context.ts';
import { createCountCache } from './count-cache.ts';
import { loadMediaLibrary, type MediaLibrary } from './media.ts';
import { privilegeRoutes } from './privileges.routes.ts';
import { createReferenceCache } from './references.ts';
import { makeViewerResolver } from './viewer.ts';
import { voucherRoutes } from './vouchers.routes.ts';

/**
 * The catalogue (issue 3): vouchers, privileges, coupons, stores, categories, banners and their
 * pictures under /bff and /media/catalogue. Reads need no token; a token adds the member's fields.
 */
export const catalogueRoutes = (app: ZodApp, deps: AppDeps, media: MediaLibrary = loadMediaLibrary()) => {
  const catalogue: CatalogueDeps = {
    ...deps,
    media,
    counts: createCountCache(deps.now),
    refs: createReferenceCache(deps.db, deps.now),
    viewer: makeViewerResolver(app, deps),
  };
  voucherRoutes(app, catalogue);
  privilegeRoutes(app, catalogue);
  browseRoutes(app, catalogue);
};
