import {
  AdminMemberDetailResponseSchema,
  AdminMemberNotificationPageResponseSchema,
  AdminMemberOrderPageResponseSchema,
  AdminMemberPageResponseSchema,
  AdminMemberParamsSchema,
  AdminMemberSearchQuerySchema,
  AdminMemberWalletPageResponseSchema,
  AdminPagingQuerySchema,
  AdminPointsLedgerPageResponseSchema,
  AdminReasonBodySchema,
  AdminRefundHeadersSchema,
  MemberAccessResponseSchema,
  PointsAdjustmentBodySchema,
  PointsAdjustmentResponseSchema,
  type AdminPage,
  type AdminPagingQuery,
  type Language,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { forRequest } from '../../../context.ts';
import { ok } from '../../../http/envelope.ts';
import type { ModuleOptions } from '../../../http/module.ts';
import { langOf } from '../../../i18n/request-language.ts';
import { actorOf } from '../audit.ts';
import { memberLedger, memberNotifications, memberOrders, memberWallet } from './member-lists.ts';
import {
  adjustMemberPoints,
  blockMember,
  endMemberSessions,
  memberDetail,
  searchMemberPage,
  unblockMember,
} from './members.service.ts';

const tags = ['admin'];

/**
 * The back office's Members area at /admin/api/members: search, a member's profile and lists, points
 * adjustments, sign-in block and ending sessions. Every route names its permission (checked by the
 * admin guard before the request is parsed); an id that names no member is 404 member_not_found.
 */
export const membersArea: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const params = AdminMemberParamsSchema;
  const list = AdminPagingQuerySchema;

  /**
   * One of a member's paged lists at /members/:id/<path>: the four share the permission, the path id
   * and the paging, and differ only in what they read. `response` and `read` name the same item type,
   * so a list that does not answer its page schema does not compile.
   */
  const memberList = <T>(
    path: string,
    summary: string,
    response: z.ZodType<{ success: true; data: AdminPage<T> }>,
    read: (id: string, q: AdminPagingQuery, lang: Language, req: FastifyRequest) => Promise<AdminPage<T>>,
  ) =>
    app.get(
      `/members/:id/${path}`,
      {
        config: { permission: 'members.read' },
        schema: { tags, summary, params, querystring: list, response: { 200: response } },
      },
      async (req) => ok(await read(req.params.id, req.query, langOf(req), req)),
    );

  /**
   * A change of the member's sign-in (block, unblock, end sessions): the three share the permission,
   * the path id, a required reason and the answer (the member's access), and differ in what they do.
   */
  const accessChange = (
    path: string,
    text: { summary: string; description?: string },
    change: typeof blockMember,
  ) =>
    app.post(
      `/members/:id/${path}`,
      {
        config: { permission: 'members.access' },
        schema: {
          tags,
          ...text,
          params,
          body: AdminReasonBodySchema,
          response: { 200: MemberAccessResponseSchema },
        },
      },
      async (req) => ok(await change(deps, actorOf(req), req.params.id, req.body.reason)),
    );

  app.get(
    '/members',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        summary: 'Search members by e-mail, name, phone number or order number',
        description:
          '`q` matches any part of the e-mail or first/last name (case-insensitive, Thai too), a phone number ' +
          '(digits, with or without the leading 0 or the country code) or an order number (exact). Newest first.',
        querystring: AdminMemberSearchQuerySchema,
        response: { 200: AdminMemberPageResponseSchema },
      },
    },
    async (req) => ok(await searchMemberPage(deps, req.query)),
  );

  app.get(
    '/members/:id',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        summary: "A member's profile, tier and progress, points, block and live sessions",
        params,
        response: { 200: AdminMemberDetailResponseSchema },
      },
    },
    async (req) => ok(await memberDetail(deps, req.params.id)),
  );

  memberList(
    'orders',
    "A member's orders, newest first, with their lines",
    AdminMemberOrderPageResponseSchema,
    (id, q, lang) => memberOrders(deps, id, q, lang),
  );

  memberList(
    'wallet',
    "A member's wallet items (vouchers and privileges): status, uses left, expiry",
    AdminMemberWalletPageResponseSchema,
    (id, q, lang, req) => memberWallet(forRequest(deps, req), id, q, lang),
  );

  memberList(
    'points-ledger',
    "Every row of a member's points ledger, newest first",
    AdminPointsLedgerPageResponseSchema,
    (id, q) => memberLedger(deps, id, q),
  );

  memberList(
    'notifications',
    "A member's notifications as they read them (in their language)",
    AdminMemberNotificationPageResponseSchema,
    (id, q) => memberNotifications(deps, id, q),
  );

  app.post(
    '/members/:id/points-adjustments',
    {
      config: { permission: 'members.points' },
      schema: {
        tags,
        summary: "Adjust a member's points with a reason (a ledger entry, never an edit)",
        description:
          'Positive grants (a new bucket with the usual expiry), negative takes (earliest-expiring first; more than ' +
          'the balance → 409 insufficient_points). The member is notified in their language; audited. ' +
          '`Idempotency-Key` is required (400 without it): a retry with the same key answers the first adjustment ' +
          '(`replayed: true`); the same key with other points or reason → 422 idempotency_key_reused. Keys are the ' +
          "staff member's own: another staff member's same key is another adjustment.",
        params,
        // Required, as for refunds: a retried grant without a key would credit twice.
        headers: AdminRefundHeadersSchema,
        body: PointsAdjustmentBodySchema,
        response: { 200: PointsAdjustmentResponseSchema },
      },
    },
    async (req) =>
      ok(
        await adjustMemberPoints(
          deps,
          actorOf(req),
          req.params.id,
          req.body,
          // Keys are the staff member's own (as for refunds): two people's keys never meet.
          `staff:${req.staff.staffId}:${req.headers['idempotency-key']}`,
        ),
      ),
  );

  accessChange(
    'block',
    {
      summary: 'Block sign-in and end every session, with a reason',
      description:
        "The member's access tokens stop at once (401); signing in and refreshing answer 403 account_blocked. Audited.",
    },
    blockMember,
  );

  accessChange('unblock', { summary: 'Allow sign-in again, with a reason' }, unblockMember);

  accessChange(
    'sessions/end',
    {
      summary: 'End every session of a member (signed out everywhere), with a reason; they may sign in again',
    },
    endMemberSessions,
  );
};
