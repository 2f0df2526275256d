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
  type Language,
} from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../http/zod-app.ts';
import { sendAnswer } from './answer-reply.ts';
import {
  banners,
  browseAnswer,
  categories,
  coupons,
  merchant,
  merchants,
  ticketOfficeBanners,
} from './browse.service.ts';
import type { CatalogueCtx, CatalogueCtxOf } from './catalogue.context.ts';
import { langOf } from './request.ts';

/** Banners, categories, stores and coupons: no token is read, the answer varies by language only. */
export const browseRoutes = (app: ZodApp, ctxOf: CatalogueCtxOf) => {
  /** The language's shared answer for `what`, with its validator (public: nobody's own). */
  const answer = async (
    req: FastifyRequest,
    reply: FastifyReply,
    what: readonly unknown[],
    schema: z.ZodType,
    compute: (ctx: CatalogueCtx, lang: Language) => Promise<unknown>,
  ) => {
    const ctx = ctxOf(req);
    const lang = langOf(req);
    return sendAnswer(
      req,
      reply,
      await browseAnswer(ctx, lang, what, schema, () => compute(ctx, lang)),
      'public',
    );
  };

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
    (req, reply) =>
      answer(req, reply, ['banners', req.params.position], BannerListResponseSchema, (ctx, lang) =>
        banners(ctx, lang, req.params.position),
      ),
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
    (req, reply) =>
      answer(
        req,
        reply,
        ['ticket-office', req.query.page, req.query.per_page],
        BannerPageResponseSchema,
        (ctx, lang) => ticketOfficeBanners(ctx, lang, req.query.page, req.query.per_page),
      ),
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
    (req, reply) => answer(req, reply, ['categories'], CategoryListResponseSchema, categories),
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
    (req, reply) =>
      answer(
        req,
        reply,
        ['merchants', req.query.page, req.query.limit],
        MerchantPageResponseSchema,
        (ctx, lang) => merchants(ctx, lang, req.query.page, req.query.limit),
      ),
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
    (req, reply) =>
      answer(req, reply, ['merchant', req.params.id], MerchantResponseSchema, (ctx, lang) =>
        merchant(ctx, lang, req.params.id),
      ),
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
    (req, reply) =>
      answer(
        req,
        reply,
        ['coupons', req.query.page, req.query.limit],
        CouponPageResponseSchema,
        (ctx, lang) => coupons(ctx, lang, req.query.page, req.query.limit),
      ),
  );
};
