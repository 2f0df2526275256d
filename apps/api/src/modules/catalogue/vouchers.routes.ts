import {
  CatalogueListQuerySchema,
  ErrorEnvelopeSchema,
  RecommendQuerySchema,
  VoucherDetailResponseSchema,
  VoucherListResponseSchema,
  VoucherPageResponseSchema,
} from '@app/contracts';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import {
  FEW_MATCHES,
  pagedList,
  presentContext,
  splitIds,
  type CatalogueRoutes,
} from './catalogue.context.ts';
import { pageOf, presentVoucherDetail, presentVoucherSummary } from './catalogue.presenter.ts';
import {
  countVouchers,
  findVoucher,
  listVouchers,
  recommendVouchers,
  searchVouchers,
} from './catalogue.repository.ts';

const OPTIONAL_TOKEN =
  "No token needed. With a valid token the items carry the member's eligibility (`eligible`, `tier_locked`, `privilege_only`); an invalid or expired token → 401.";

export const voucherRoutes: CatalogueRoutes = (app, deps) => {
  app.get(
    '/bff/vouchers',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Vouchers: filter, search, sort, page',
        description:
          `${OPTIONAL_TOKEN} Lists leave out vouchers whose sale has ended. ` +
          '`q` matches titles, merchant and category names in both languages (part of a word, any case). ' +
          'Newest/Oldest = orderBy=createdAt DESC/ASC; price low→high/high→low = orderBy=price ASC/DESC.',
        querystring: CatalogueListQuerySchema,
        response: { 200: VoucherPageResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const viewer = await deps.viewer(req, reply);
      const now = deps.now();
      const { page, limit, orderBy, orderDir, category, merchant, q, minPrice, maxPrice } = req.query;
      const filter = { categorySlug: category, merchantId: merchant, q, minPrice, maxPrice };
      const order = { orderBy, orderDir };
      const offset = (page - 1) * limit;
      const paging = { offset, limit };
      const { total, rows } = await pagedList(deps, ['voucher', filter], offset, {
        search:
          q === undefined
            ? undefined
            : () => searchVouchers(deps.db, filter, order, paging, now, FEW_MATCHES),
        count: () => countVouchers(deps.db, filter, now),
        list: () => listVouchers(deps.db, filter, order, paging, now),
      });
      const ctx = await presentContext(deps, viewer, now, rows);
      return ok(
        pageOf(
          rows.map((r) => presentVoucherSummary(r, ctx)),
          page,
          limit,
          total,
        ),
      );
    },
  );

  app.get(
    '/bff/vouchers/recommend',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Recommended vouchers ("You may also like" with exclude)',
        description:
          `${OPTIONAL_TOKEN} Vouchers on sale now and in stock (for a member: only those their tier allows), ` +
          'best-selling first, then newest. `exclude` (comma-separated ids) leaves those out and puts ' +
          'vouchers of their categories first.',
        querystring: RecommendQuerySchema,
        response: { 200: VoucherListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const viewer = await deps.viewer(req, reply);
      const now = deps.now();
      const rows = await recommendVouchers(deps.db, {
        limit: req.query.limit,
        exclude: splitIds(req.query.exclude),
        memberTier: viewer.member?.tier ?? null,
        now,
      });
      const ctx = await presentContext(deps, viewer, now, rows);
      return ok(rows.map((r) => presentVoucherSummary(r, ctx)));
    },
  );

  app.get(
    '/bff/vouchers/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One voucher',
        description: `${OPTIONAL_TOKEN} Unknown id (or not a uuid) → 404 voucher_not_found.`,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: VoucherDetailResponseSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const viewer = await deps.viewer(req, reply);
      const now = deps.now();
      const row = await findVoucher(deps.db, req.params.id);
      if (!row) throw new AppError(404, 'voucher_not_found');
      return ok(presentVoucherDetail(row, await presentContext(deps, viewer, now, [row])));
    },
  );
};
