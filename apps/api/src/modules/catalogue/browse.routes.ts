import {
  BannerListResponseSchema,
  BannerPageResponseSchema,
  BannerPositionSchema,
  CategoryListResponseSchema,
  CouponPageResponseSchema,
  ErrorEnvelopeSchema,
  MerchantPageResponseSchema,
  MerchantResponseSchema,
  PagingQuerySchema,
  TicketOfficeBannerQuerySchema,
} from '@app/contracts';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { banners, categories, coupons, merchant, merchants, ticketOfficeBanners } from './browse.service.ts';
import type { CatalogueCtxOf } from './catalogue.context.ts';
import { langOf } from './request.ts';

/** Banners, categories, stores and coupons: no token is read, the answer varies by language only. */
export const browseRoutes = (app: ZodApp, ctxOf: CatalogueCtxOf) => {
  app.get(
    '/banners/:position',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Active banners of one position (TOP: the home carousel; BOTTOM: under the lists)',
        description: 'Another position → 400.',
        params: z.object({ position: BannerPositionSchema }),
        response: { 200: BannerListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await banners(ctxOf(req), langOf(req), req.params.position)),
  );

  app.get(
    '/ticket-office/banners',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The ticket-office banner list: every active banner, paged by page/per_page',
        description:
          'TOP banners first, then BOTTOM, each in its order. `limit` in the answer echoes per_page.',
        querystring: TicketOfficeBannerQuerySchema,
        response: { 200: BannerPageResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await ticketOfficeBanners(ctxOf(req), langOf(req), req.query.page, req.query.per_page)),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Categories in display order',
        querystring: z.strictObject({}),
        response: { 200: CategoryListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await categories(ctxOf(req), langOf(req))),
  );

  app.get(
    '/merchants',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Stores (the Store tab), by name; voucherCount = vouchers listed now',
        description: 'A store opens its vouchers with GET /bff/vouchers?merchant={id}.',
        querystring: PagingQuerySchema,
        response: { 200: MerchantPageResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await merchants(ctxOf(req), langOf(req), req.query.page, req.query.limit)),
  );

  app.get(
    '/merchants/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One store',
        description: 'Unknown id (or not a uuid) → 404 merchant_not_found.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: MerchantResponseSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await merchant(ctxOf(req), langOf(req), req.params.id)),
  );

  app.get(
    '/coupons',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The Coupon tab: coupons valid now or starting later, with their conditions',
        description:
          'Valid ones first (ending soonest first), then upcoming; used-up and ended coupons are left out. ' +
          'Empty merchants and voucherIds = the coupon applies to the whole catalogue.',
        querystring: PagingQuerySchema,
        response: { 200: CouponPageResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await coupons(ctxOf(req), langOf(req), req.query.page, req.query.limit)),
  );
};
