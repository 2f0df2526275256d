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
import { itemAnswers, PRIVILEGES, VOUCHERS, type ItemKind } from './items.service.ts';
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
  const { docs, responses } = spec;
  const answers = itemAnswers(spec.kind);
  /** A member's answer carries their eligibility and likes: private to them. */
  const send = (req: FastifyRequest, reply: FastifyReply, a: { answer: Answer; viewer: Viewer }) =>
    sendAnswer(req, reply, a.answer, a.viewer.member ? 'private' : 'public');
  /**
   * A read's route options: anyone may call it (`app.identify`), its docs say first what a token
   * adds, then what it asks (`request`) and what it answers.
   */
  const readOptions = <Request extends object, Response extends object>(
    read: 'list' | 'recommend' | 'detail',
    request: Request,
    response: Response,
  ) => ({
    onRequest: app.identify,
    schema: {
      tags: ['catalogue'],
      summary: docs[read].summary,
      description: `${docs.token} ${docs[read].description}`,
      ...request,
      response,
    },
  });

  app.get(
    spec.path,
    readOptions(
      'list',
      { querystring: CatalogueListQuerySchema },
      { 200: responses.page, 400: ErrorEnvelopeSchema },
    ),
    async (req, reply) =>
      send(req, reply, await answers.list(ctxOf(req), viewingReader(req), req.query, responses.page)),
  );

  app.get(
    `${spec.path}/recommend`,
    readOptions(
      'recommend',
      { querystring: RecommendQuerySchema },
      { 200: responses.list, 400: ErrorEnvelopeSchema },
    ),
    async (req, reply) =>
      send(req, reply, await answers.recommend(ctxOf(req), viewingReader(req), req.query, responses.list)),
  );

  app.get(
    `${spec.path}/:id`,
    readOptions(
      'detail',
      { params: z.object({ id: z.string().max(100) }) },
      { 200: responses.detail, 404: ErrorEnvelopeSchema },
    ),
    async (req, reply) =>
      send(req, reply, await answers.detail(ctxOf(req), viewingReader(req), req.params.id, responses.detail)),
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
