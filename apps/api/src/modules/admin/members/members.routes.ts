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
  IdempotencyHeadersSchema,
  MemberAccessResponseSchema,
  PointsAdjustmentBodySchema,
  PointsAdjustmentResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forRequest } from '../../../context.ts';
import { ok } from '../../../http/envelope.ts';
import type { ModuleOptions } from '../../../http/module.ts';
import { languageFromHeader } from '../../../i18n/messages.ts';
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
  const langOf = (req: { headers: { 'accept-language'?: string | undefined } }) =>
    languageFromHeader(req.headers['accept-language']);
  const params = AdminMemberParamsSchema;
  const list = AdminPagingQuerySchema;

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

  app.get(
    '/members/:id/orders',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        summary: "A member's orders, newest first, with their lines",
        params,
        querystring: list,
        response: { 200: AdminMemberOrderPageResponseSchema },
      },
    },
    async (req) => ok(await memberOrders(deps, req.params.id, req.query, langOf(req))),
  );

  app.get(
    '/members/:id/wallet',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        summary: "A member's wallet items (vouchers and privileges): status, uses left, expiry",
        params,
        querystring: list,
        response: { 200: AdminMemberWalletPageResponseSchema },
      },
    },
    async (req) => ok(await memberWallet(forRequest(deps, req), req.params.id, req.query, langOf(req))),
  );

  app.get(
    '/members/:id/points-ledger',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        summary: "Every row of a member's points ledger, newest first",
        params,
        querystring: list,
        response: { 200: AdminPointsLedgerPageResponseSchema },
      },
    },
    async (req) => ok(await memberLedger(deps, req.params.id, req.query)),
  );

  app.get(
    '/members/:id/notifications',
    {
      config: { permission: 'members.read' },
      schema: {
        tags,
        summary: "A member's notifications as they read them (in their language)",
        params,
        querystring: list,
        response: { 200: AdminMemberNotificationPageResponseSchema },
      },
    },
    async (req) => ok(await memberNotifications(deps, req.params.id, req.query)),
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
          'the balance → 409 insufficient_points). The member is notified in their language; audited. Send ' +
          '`Idempotency-Key`: a retry with the same key answers the first adjustment (`replayed: true`); the same ' +
          'key with other points or reason → 422 idempotency_key_reused.',
        params,
        headers: IdempotencyHeadersSchema,
        body: PointsAdjustmentBodySchema,
        response: { 200: PointsAdjustmentResponseSchema },
      },
    },
    async (req) =>
      ok(
        await adjustMemberPoints(deps, actorOf(req), req.params.id, req.body, req.headers['idempotency-key']),
      ),
  );

  app.post(
    '/members/:id/block',
    {
      config: { permission: 'members.access' },
      schema: {
        tags,
        summary: 'Block sign-in and end every session, with a reason',
        description:
          "The member's access tokens stop at once (401); signing in and refreshing answer 403 account_blocked. Audited.",
        params,
        body: AdminReasonBodySchema,
        response: { 200: MemberAccessResponseSchema },
      },
    },
    async (req) => ok(await blockMember(deps, actorOf(req), req.params.id, req.body.reason)),
  );

  app.post(
    '/members/:id/unblock',
    {
      config: { permission: 'members.access' },
      schema: {
        tags,
        summary: 'Allow sign-in again, with a reason',
        params,
        body: AdminReasonBodySchema,
        response: { 200: MemberAccessResponseSchema },
      },
    },
    async (req) => ok(await unblockMember(deps, actorOf(req), req.params.id, req.body.reason)),
  );

  app.post(
    '/members/:id/sessions/end',
    {
      config: { permission: 'members.access' },
      schema: {
        tags,
        summary:
          'End every session of a member (signed out everywhere), with a reason; they may sign in again',
        params,
        body: AdminReasonBodySchema,
        response: { 200: MemberAccessResponseSchema },
      },
    },
    async (req) => ok(await endMemberSessions(deps, actorOf(req), req.params.id, req.body.reason)),
  );
};
