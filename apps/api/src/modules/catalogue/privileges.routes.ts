import {
  CatalogueListQuerySchema,
  ErrorEnvelopeSchema,
  LikeBodySchema,
  LikeResponseSchema,
  PrivilegeDetailResponseSchema,
  PrivilegeListResponseSchema,
  PrivilegePageResponseSchema,
  RecommendQuerySchema,
} from '@app/contracts';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import {
  FEW_MATCHES,
  pagedList,
  presentContext,
  splitIds,
  type CatalogueRoutes,
} from './catalogue.context.ts';
import { pageOf, presentPrivilegeDetail, presentPrivilegeSummary } from './catalogue.presenter.ts';
import {
  countPrivileges,
  favoritePrivileges,
  findPrivilege,
  listPrivileges,
  privilegeExists,
  recommendPrivileges,
  searchPrivileges,
  setPrivilegeLike,
} from './catalogue.repository.ts';

const OPTIONAL_TOKEN =
  "No token needed. With a valid token the items carry the member's `liked` and eligibility; an invalid or expired token → 401.";

/** A member's favourites list is short by nature; the newest this many likes are answered. */
export const FAVORITES_LIMIT = 100;

export const privilegeRoutes: CatalogueRoutes = (app, deps) => {
  app.get(
    '/bff/privileges',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Privileges: filter, search, sort, page (price = points cost)',
        description: `${OPTIONAL_TOKEN} Lists leave out privileges whose validity has ended.`,
        querystring: CatalogueListQuerySchema,
        response: { 200: PrivilegePageResponseSchema, 400: ErrorEnvelopeSchema },
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
      const memberId = viewer.member?.id ?? null;
      const { total, rows } = await pagedList(deps, ['privilege', filter], offset, {
        search:
          q === undefined
            ? undefined
            : () => searchPrivileges(deps.db, filter, order, paging, now, memberId, FEW_MATCHES),
        count: () => countPrivileges(deps.db, filter, now),
        list: () => listPrivileges(deps.db, filter, order, paging, now, memberId),
      });
      const ctx = await presentContext(deps, viewer, now, rows);
      return ok(
        pageOf(
          rows.map((r) => presentPrivilegeSummary(r, ctx)),
          page,
          limit,
          total,
        ),
      );
    },
  );

  app.get(
    '/bff/privileges/recommend',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Recommended privileges ("You may also like" with exclude)',
        description:
          `${OPTIONAL_TOKEN} Privileges valid now and in stock (for a member: only those their tier allows), ` +
          'most liked first, then newest; `exclude` leaves ids out and puts their categories first.',
        querystring: RecommendQuerySchema,
        response: { 200: PrivilegeListResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const viewer = await deps.viewer(req, reply);
      const now = deps.now();
      const rows = await recommendPrivileges(deps.db, {
        limit: req.query.limit,
        exclude: splitIds(req.query.exclude),
        memberTier: viewer.member?.tier ?? null,
        memberId: viewer.member?.id ?? null,
        now,
      });
      const ctx = await presentContext(deps, viewer, now, rows);
      return ok(rows.map((r) => presentPrivilegeSummary(r, ctx)));
    },
  );

  app.get(
    '/bff/privileges/favorite',
    {
      schema: {
        tags: ['catalogue'],
        summary: "The member's liked privileges, most recently liked first",
        description: `Token required. At most ${FAVORITES_LIMIT} (the newest likes).`,
        security: MEMBER_SECURITY,
        querystring: z.strictObject({}),
        response: { 200: PrivilegeListResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const viewer = await deps.viewer(req, reply, { required: true });
      const member = viewer.member;
      if (!member) throw new AppError(401, 'unauthorized');
      const now = deps.now();
      const rows = await favoritePrivileges(deps.db, member.id, FAVORITES_LIMIT);
      const ctx = await presentContext(deps, viewer, now, rows);
      return ok(rows.map((r) => presentPrivilegeSummary(r, ctx)));
    },
  );

  app.get(
    '/bff/privileges/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One privilege',
        description: `${OPTIONAL_TOKEN} Unknown id (or not a uuid) → 404 privilege_not_found.`,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: PrivilegeDetailResponseSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const viewer = await deps.viewer(req, reply);
      const now = deps.now();
      const row = await findPrivilege(deps.db, req.params.id, viewer.member?.id ?? null);
      if (!row) throw new AppError(404, 'privilege_not_found');
      return ok(presentPrivilegeDetail(row, await presentContext(deps, viewer, now, [row])));
    },
  );

  app.post(
    '/bff/privileges/:id/like',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Like or unlike a privilege (idempotent: liking twice counts once)',
        description: 'Token required. Unknown id → 404 privilege_not_found.',
        security: MEMBER_SECURITY,
        params: z.object({ id: z.string().max(100) }),
        body: LikeBodySchema,
        response: { 200: LikeResponseSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const viewer = await deps.viewer(req, reply, { required: true });
      const member = viewer.member;
      if (!member) throw new AppError(401, 'unauthorized');
      const id = req.params.id;
      if (!(await privilegeExists(deps.db, id))) throw new AppError(404, 'privilege_not_found');
      const result = await setPrivilegeLike(deps.db, member.id, id, req.body.like, deps.now());
      return ok({ id, ...result });
    },
  );
};
