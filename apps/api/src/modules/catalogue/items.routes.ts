import {
  CatalogueListQuerySchema,
  ErrorEnvelopeSchema,
  PrivilegeDetailResponseSchema,
  PrivilegeListResponseSchema,
  PrivilegePageResponseSchema,
  RecommendQuerySchema,
  VoucherDetailResponseSchema,
  VoucherListResponseSchema,
  VoucherPageResponseSchema,
} from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../http/zod-app.ts';
import type { CatalogueCtxOf } from './catalogue.context.ts';
import type { pageOf } from './catalogue.presenter.ts';
import { sendAnswer } from './answer-reply.ts';
import {
  itemDetailAnswer,
  itemListAnswer,
  itemRecommendationsAnswer,
  PRIVILEGES,
  VOUCHERS,
  type ItemKind,
} from './items.service.ts';
import type { ItemRow } from './items.repository.ts';
import type { Answer } from './answer.ts';
import { viewingReader } from './request.ts';
import type { Viewer } from './viewer.ts';

type Envelope<T> = { success: true; data: T };

/** The list, recommendations and detail routes of one kind: its path, contracts and docs. */
export interface ItemRoutesSpec<Row extends ItemRow, DetailRow extends Row, Summary, Detail> {
  kind: ItemKind<Row, DetailRow, Summary, Detail>;
  /** Relative to the module's prefix. */
  path: string;
  responses: {
    page: z.ZodType<Envelope<ReturnType<typeof pageOf<Summary>>>>;
    list: z.ZodType<Envelope<Summary[]>>;
    detail: z.ZodType<Envelope<Detail>>;
  };
  docs: {
    /** What a token adds to the answers. */
    token: string;
    list: { summary: string; description: string };
    recommend: { summary: string; description: string };
    detail: { summary: string; description: string };
  };
}

/**
 * Reads of vouchers and privileges: the same three routes for each kind, guarded by `app.identify`
 * (no token = a visitor; a token presented must be good). What a kind answers is in its spec.
 */
export const itemRoutes = <Row extends ItemRow, DetailRow extends Row, Summary, Detail>(
  app: ZodApp,
  ctxOf: CatalogueCtxOf,
  spec: ItemRoutesSpec<Row, DetailRow, Summary, Detail>,
) => {
  const { kind, docs } = spec;
  /** A member's answer carries their eligibility and likes: private to them. */
  const send = (req: FastifyRequest, reply: FastifyReply, a: { answer: Answer; viewer: Viewer }) =>
    sendAnswer(req, reply, a.answer, a.viewer.member ? 'private' : 'public');

  app.get(
    spec.path,
    {
      onRequest: app.identify,
      schema: {
        tags: ['catalogue'],
        summary: docs.list.summary,
        description: `${docs.token} ${docs.list.description}`,
        querystring: CatalogueListQuerySchema,
        response: { 200: spec.responses.page, 400: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) =>
      send(
        req,
        reply,
        await itemListAnswer(ctxOf(req), kind, viewingReader(req), req.query, spec.responses.page),
      ),
  );

  app.get(
    `${spec.path}/recommend`,
    {
      onRequest: app.identify,
      schema: {
        tags: ['catalogue'],
        summary: docs.recommend.summary,
        description: `${docs.token} ${docs.recommend.description}`,
        querystring: RecommendQuerySchema,
        response: { 200: spec.responses.list, 400: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) =>
      send(
        req,
        reply,
        await itemRecommendationsAnswer(ctxOf(req), kind, viewingReader(req), req.query, spec.responses.list),
      ),
  );

  app.get(
    `${spec.path}/:id`,
    {
      onRequest: app.identify,
      schema: {
        tags: ['catalogue'],
        summary: docs.detail.summary,
        description: `${docs.token} ${docs.detail.description}`,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: spec.responses.detail, 404: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) =>
      send(
        req,
        reply,
        await itemDetailAnswer(ctxOf(req), kind, viewingReader(req), req.params.id, spec.responses.detail),
      ),
  );
};

export const VOUCHER_ROUTES = {
  kind: VOUCHERS,
  path: '/vouchers',
  responses: {
    page: VoucherPageResponseSchema,
    list: VoucherListResponseSchema,
    detail: VoucherDetailResponseSchema,
  },
  docs: {
    token:
      "No token needed. With a valid token the items carry the member's eligibility (`eligible`, `tier_locked`, `privilege_only`); an invalid or expired token → 401.",
    list: {
      summary: 'Vouchers: filter, search, sort, page',
      description:
        'Lists leave out vouchers whose sale has ended. ' +
        '`q` matches titles, merchant and category names in both languages (part of a word, any case). ' +
        'Newest/Oldest = orderBy=createdAt DESC/ASC; price low→high/high→low = orderBy=price ASC/DESC.',
    },
    recommend: {
      summary: 'Recommended vouchers ("You may also like" with exclude)',
      description:
        'Vouchers on sale now and in stock (for a member: only those their tier allows), ' +
        'best-selling first, then newest. `exclude` (comma-separated ids) leaves those out and puts ' +
        'vouchers of their categories first.',
    },
    detail: { summary: 'One voucher', description: 'Unknown id (or not a uuid) → 404 voucher_not_found.' },
  },
};

export const PRIVILEGE_ROUTES = {
  kind: PRIVILEGES,
  path: '/privileges',
  responses: {
    page: PrivilegePageResponseSchema,
    list: PrivilegeListResponseSchema,
    detail: PrivilegeDetailResponseSchema,
  },
  docs: {
    token:
      "No token needed. With a valid token the items carry the member's `liked` and eligibility; an invalid or expired token → 401.",
    list: {
      summary: 'Privileges: filter, search, sort, page (price = points cost)',
      description: 'Lists leave out privileges whose validity has ended.',
    },
    recommend: {
      summary: 'Recommended privileges ("You may also like" with exclude)',
      description:
        'Privileges valid now and in stock (for a member: only those their tier allows), ' +
        'most liked first, then newest; `exclude` leaves ids out and puts their categories first.',
    },
    detail: {
      summary: 'One privilege',
      description: 'Unknown id (or not a uuid) → 404 privilege_not_found.',
    },
  },
};
