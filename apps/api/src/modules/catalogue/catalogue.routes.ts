import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { browseRoutes } from './browse.routes.ts';
import { createCatalogueCtx, type CatalogueCtx } from './catalogue.context.ts';
import { itemRoutes, PRIVILEGE_ROUTES, VOUCHER_ROUTES } from './items.routes.ts';
import { catalogueMediaModule } from './media.routes.ts';
import { shippedMediaLibrary } from './media.ts';
import { privilegeLikeRoutes } from './privileges.routes.ts';

export interface CatalogueModuleOptions {
  deps: AppDeps;
}

/**
 * Vouchers and privileges. Their answers depend on the language and on who asks (eligibility,
 * `liked`), so every one of them — a 401 included — varies by both headers.
 */
const itemsPlugin: FastifyPluginAsyncZod<{ ctx: CatalogueCtx }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('vary', 'Accept-Language, Authorization');
  });
  itemRoutes(app, ctx, VOUCHER_ROUTES);
  itemRoutes(app, ctx, PRIVILEGE_ROUTES);
  privilegeLikeRoutes(app, ctx);
};

/** Banners, categories, stores and coupons: the same for everyone, so they vary by language only. */
const browsePlugin: FastifyPluginAsyncZod<{ ctx: CatalogueCtx }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('vary', 'Accept-Language');
  });
  browseRoutes(app, ctx);
};

/**
 * The catalogue: vouchers, privileges, coupons, stores, categories and banners, for prefix '/bff'.
 * Reads need no token (a token adds the member's eligibility and likes); likes and favourites need a
 * member. Its pictures are catalogueMediaModule's.
 */
export const catalogueModule: FastifyPluginAsyncZod<CatalogueModuleOptions> = async (app, { deps }) => {
  const ctx = createCatalogueCtx(deps, shippedMediaLibrary());
  await app.register(itemsPlugin, { ctx });
  await app.register(browsePlugin, { ctx });
};

/**
 * The catalogue as app.ts registered it before modules were plugins: both plugins at their
 * prefixes, loaded with the app's other plugins (not awaited, like any `app.register`). To be removed
 * when app.ts registers catalogueModule and catalogueMediaModule itself.
 */
export const catalogueRoutes = (app: ZodApp, deps: AppDeps) => {
  void app.register(catalogueModule, { prefix: '/bff', deps });
  void app.register(catalogueMediaModule, { prefix: '/media/catalogue' });
};
