import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../http/module.ts';
import { browseRoutes } from './browse.routes.ts';
import { catalogueCtxOf, createCatalogueState, type CatalogueCtxOf } from './catalogue.context.ts';
import type { Freshness } from './freshness.ts';
import { itemRoutes, PRIVILEGE_ROUTES, VOUCHER_ROUTES } from './items.routes.ts';
import { shippedMediaLibrary } from './media.ts';
import { privilegeLikeRoutes } from './privileges.routes.ts';

/** What app.ts gives every module; the catalogue needs no rate limiter, so it may be left out. */
export type CatalogueModuleOptions = Pick<ModuleOptions, 'deps'> &
  Partial<ModuleOptions> & {
    /** Changes this process makes outside the module (the back office): its caches follow at once. */
    changes?: CatalogueChanges;
  };

/**
 * "This process committed a change to the catalogue" from outside the catalogue module (a back-office
 * edit, new programme rules), so its answers follow at once on PostgreSQL too instead of at the next
 * version poll. Call `changed()` after the commit.
 */
export interface CatalogueChanges {
  changed(): void;
  onChange(listener: () => void): void;
  /**
   * The catalogue's own freshness, set when the module is registered: what else keeps things made from
   * catalogue answers (the server-rendered pages) keeps them by its generations and empties with it.
   */
  freshness?: Pick<Freshness, 'current' | 'keeps' | 'onChange'>;
}

export const createCatalogueChanges = (): CatalogueChanges => {
  const listeners: Array<() => void> = [];
  return { changed: () => listeners.forEach((l) => l()), onChange: (l) => void listeners.push(l) };
};

/**
 * Vouchers and privileges. Their answers depend on the language and on who asks (eligibility,
 * `liked`), so every one of them — a 401 included — varies by both headers.
 */
const itemsPlugin: FastifyPluginAsyncZod<{ ctxOf: CatalogueCtxOf }> = async (app, { ctxOf }) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('vary', 'Accept-Language, Authorization');
  });
  itemRoutes(app, ctxOf, VOUCHER_ROUTES);
  itemRoutes(app, ctxOf, PRIVILEGE_ROUTES);
  privilegeLikeRoutes(app, ctxOf);
};

/** Banners, categories, stores and coupons: the same for everyone, so they vary by language only. */
const browsePlugin: FastifyPluginAsyncZod<{ ctxOf: CatalogueCtxOf }> = async (app, { ctxOf }) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('vary', 'Accept-Language');
  });
  browseRoutes(app, ctxOf);
};

/**
 * The catalogue: vouchers, privileges, coupons, stores, categories and banners, for prefix '/bff'.
 * Reads need no token (a token adds the member's eligibility and likes); likes and favourites need a
 * member. Its pictures are catalogueMediaModule's.
 */
export const catalogueModule: FastifyPluginAsyncZod<CatalogueModuleOptions> = async (
  app,
  { deps, changes },
) => {
  const state = createCatalogueState(deps, shippedMediaLibrary(), app.log);
  changes?.onChange(() => state.freshness.changed());
  if (changes) changes.freshness = state.freshness;
  app.addHook('onReady', async () => state.freshness.start());
  app.addHook('onClose', async () => state.freshness.stop());
  const ctxOf = catalogueCtxOf(deps, state);
  await app.register(itemsPlugin, { ctxOf });
  await app.register(browsePlugin, { ctxOf });
};
