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
import { AppError } from '../../http/errors.ts';
import { languageFromHeader } from '../../i18n/messages.ts';
import type { CatalogueRoutes } from './catalogue.context.ts';
import {
  pageOf,
  presentBanner,
  presentCategory,
  presentCoupon,
  presentMerchant,
} from './catalogue.presenter.ts';
import {
  countActiveBanners,
  countCoupons,
  countMerchants,
  couponMerchants,
  couponVouchers,
  findMerchant,
  listBanners,
  listCategories,
  listCoupons,
  listMerchants,
  pageActiveBanners,
} from './catalogue.repository.ts';
import { MEDIA_FILE_PATTERN, MEDIA_KINDS } from './media.ts';

/** Banners, categories, stores, coupons and the catalogue's pictures: the same for every member. */
export const browseRoutes: CatalogueRoutes = (app, deps) => {
  const langOf = (req: { headers: { 'accept-language'?: string | undefined } }) =>
    languageFromHeader(req.headers['accept-language']);

  app.get(
    '/bff/banners/:position',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Active banners of one position (TOP: the home carousel; BOTTOM: under the lists)',
        description: 'Another position → 400.',
        params: z.object({ position: BannerPositionSchema }),
        response: { 200: BannerListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      reply.header('vary', 'Accept-Language');
      const rows = await listBanners(deps.db, req.params.position, deps.now());
      const c = { lang: langOf(req), media: deps.media };
      return ok(rows.map((r) => presentBanner(r, c)));
    },
  );

  app.get(
    '/bff/ticket-office/banners',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'The ticket-office banner list (spec section 7): every active banner, paged by page/per_page',
        description:
          'TOP banners first, then BOTTOM, each in its order. `limit` in the answer echoes per_page.',
        querystring: TicketOfficeBannerQuerySchema,
        response: { 200: BannerPageResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      reply.header('vary', 'Accept-Language');
      const now = deps.now();
      const { page, per_page: limit } = req.query;
      const total = await countActiveBanners(deps.db, now);
      const offset = (page - 1) * limit;
      const rows = offset < total ? await pageActiveBanners(deps.db, { offset, limit }, now) : [];
      const c = { lang: langOf(req), media: deps.media };
      return ok(
        pageOf(
          rows.map((r) => presentBanner(r, c)),
          page,
          limit,
          total,
        ),
      );
    },
  );

  app.get(
    '/bff/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Categories in display order',
        querystring: z.strictObject({}),
        response: { 200: CategoryListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      reply.header('vary', 'Accept-Language');
      const c = { lang: langOf(req), media: deps.media };
      return ok((await listCategories(deps.db)).map((r) => presentCategory(r, c)));
    },
  );

  app.get(
    '/bff/merchants',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Stores (the Store tab), by name; voucherCount = vouchers listed now',
        description: 'A store opens its vouchers with GET /bff/vouchers?merchant={id}.',
        querystring: PagingQuerySchema,
        response: { 200: MerchantPageResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      reply.header('vary', 'Accept-Language');
      const now = deps.now();
      const lang = langOf(req);
      const { page, limit } = req.query;
      const total = await countMerchants(deps.db);
      const offset = (page - 1) * limit;
      const rows = offset < total ? await listMerchants(deps.db, lang, { offset, limit }, now) : [];
      const c = { lang, media: deps.media };
      return ok(
        pageOf(
          rows.map((r) => presentMerchant(r, c)),
          page,
          limit,
          total,
        ),
      );
    },
  );

  app.get(
    '/bff/merchants/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One store',
        description: 'Unknown id (or not a uuid) → 404 merchant_not_found.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: MerchantResponseSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      reply.header('vary', 'Accept-Language');
      const now = deps.now();
      const row = await findMerchant(deps.db, req.params.id, now);
      if (!row) throw new AppError(404, 'merchant_not_found');
      return ok(presentMerchant(row, { lang: langOf(req), media: deps.media }));
    },
  );

  app.get(
    '/bff/coupons',
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
    async (req, reply) => {
      reply.header('vary', 'Accept-Language');
      const now = deps.now();
      const { page, limit } = req.query;
      const total = await countCoupons(deps.db, now);
      const offset = (page - 1) * limit;
      const rows = offset < total ? await listCoupons(deps.db, { offset, limit }, now) : [];
      const ids = rows.map((r) => r.id);
      const merchants = await couponMerchants(deps.db, ids);
      const vouchers = await couponVouchers(deps.db, ids);
      const c = { lang: langOf(req), media: deps.media };
      const items = rows.map((r) =>
        presentCoupon(
          r,
          merchants.filter((m) => m.coupon_id === r.id),
          vouchers.filter((v) => v.coupon_id === r.id).map((v) => v.voucher_id),
          c,
        ),
      );
      return ok(pageOf(items, page, limit, total));
    },
  );

  app.get(
    '/media/catalogue/:kind/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Catalogue artwork (SVG), cached for a year: the URL carries a hash of the content',
        params: z.object({ kind: z.string(), file: z.string() }),
        querystring: z.object({ v: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const { kind, file } = req.params;
      const known = MEDIA_KINDS.find((k) => k === kind);
      const media = known && MEDIA_FILE_PATTERN.test(file) ? deps.media.get(known, file) : undefined;
      if (!media) throw new AppError(404, 'not_found');
      reply
        .header('content-type', 'image/svg+xml')
        .header('etag', media.etag)
        // A URL with the current hash never changes content; an old or bare URL is revalidated.
        .header(
          'cache-control',
          req.query.v === media.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        )
        // Our own SVGs carry no scripts; this keeps any SVG opened directly from running one.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === media.etag) return reply.status(304).send();
      return reply.send(media.bytes);
    },
  );
};
