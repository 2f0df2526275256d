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
import { langOf } from '../../i18n/request-language.ts';

/** Banners, categories, stores and coupons: no token is read, the answer varies by language only. */
export const browseRoutes = (app: ZodApp, ctxOf: CatalogueCtxOf) => {
  /**
   * The language's shared answer of `read` for these arguments, with its validator (public: nobody's
   * own). It is kept under the read's name and the very arguments it is computed from, so two
   * requests share an answer exactly when they would compute the same one.
   */
  const answer = async <Args extends unknown[]>(
    req: FastifyRequest,
    reply: FastifyReply,
    name: string,
    schema: z.ZodType,
    read: (ctx: CatalogueCtx, lang: Language, ...args: Args) => Promise<unknown>,
    ...args: Args
  ) => {
    const ctx = ctxOf(req);
    const lang = langOf(req);
    const shared = await browseAnswer(ctx, lang, [name, ...args], schema, () => read(ctx, lang, ...args));
    return sendAnswer(req, reply, shared, 'public');
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
    (req, reply) => answer(req, reply, 'banners', BannerListResponseSchema, banners, req.params.position),
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
        'ticket-office',
        BannerPageResponseSchema,
        ticketOfficeBanners,
        req.query.page,
        req.query.per_page,
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
    (req, reply) => answer(req, reply, 'categories', CategoryListResponseSchema, categories),
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
      answer(req, reply, 'merchants', MerchantPageResponseSchema, merchants, req.query.page, req.query.limit),
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
    (req, reply) => answer(req, reply, 'merchant', MerchantResponseSchema, merchant, req.params.id),
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
      answer(req, reply, 'coupons', CouponPageResponseSchema, coupons, req.query.page, req.query.limit),
  );
};
