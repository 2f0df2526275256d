import {
  IdempotencyHeadersSchema,
  WalletGroupPageResponseSchema,
  WalletPageResponseSchema,
  WalletQuerySchema,
  PrivilegeRedeemBodySchema,
  PrivilegeRedeemResponseSchema,
  WalletUseBodySchema,
  WalletUseResponseSchema,
  WalletVoucherResponseSchema,
} from '@app/contracts';
import { z } from 'zod';
import { forRequest } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { AppModule } from '../../http/module.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import { langOf } from '../../i18n/request-language.ts';
import { redeemPrivilege } from './redeem.service.ts';
import { useWalletVoucher, walletDetail, walletGroupPage, walletPage } from './wallet.service.ts';
import { refusals } from '../refusals.ts';

/**
 * The member's wallet: each member sees and uses only their own items; another member's id is a 404. Redeeming a
 * privilege lives here too: what it makes is a wallet item.
 */
export const walletModule: AppModule = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/wallet',
    {
      schema: {
        tags: ['wallet'],
        summary: "The member's wallet: one entry per voucher bought",
        description:
          'Filter by category slug and status (active / used / expired, decided in Asia/Bangkok days); sort newest, oldest or expiring (soonest first). `group` (from GET /bff/wallet/groups) lists the items of one group.',
        security: MEMBER_SECURITY,
        querystring: WalletQuerySchema,
        response: { 200: WalletPageResponseSchema, ...refusals(400, 401) },
      },
    },
    async (req) => ok(await walletPage(forRequest(deps, req), req.member.memberId, req.query, langOf(req))),
  );

  app.get(
    '/wallet/groups',
    {
      schema: {
        tags: ['wallet'],
        summary: "The member's wallet with identical items as one entry",
        description:
          'The same query as GET /bff/wallet. Identical items (same voucher or privilege, price option, uses per code, status and last day of validity in Asia/Bangkok) are one entry with their `count` and `group`; GET /bff/wallet?group=… lists them. Paged by entry; `itemTotal` counts the items.',
        security: MEMBER_SECURITY,
        querystring: WalletQuerySchema,
        response: { 200: WalletGroupPageResponseSchema, ...refusals(400, 401) },
      },
    },
    async (req) =>
      ok(await walletGroupPage(forRequest(deps, req), req.member.memberId, req.query, langOf(req))),
  );

  app.get(
    '/wallet/:id',
    {
      schema: {
        tags: ['wallet'],
        summary: 'One wallet voucher with its code',
        description: "Another member's or an unknown id → 404 wallet_voucher_not_found.",
        security: MEMBER_SECURITY,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: WalletVoucherResponseSchema, ...refusals(401, 404) },
      },
    },
    async (req) =>
      ok(await walletDetail(forRequest(deps, req), req.member.memberId, req.params.id, langOf(req))),
  );

  app.post(
    '/wallet/:id/use',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Use a wallet item once',
        description:
          "Consumes one use and answers the item as it is now. Send `Idempotency-Key`: a retry with the same key counts once (the same key on another item → 422 idempotency_key_reused). Used up → 409 wallet_voucher_used_up; expired → 409 wallet_voucher_expired; another member's or an unknown id → 404 wallet_voucher_not_found.",
        security: MEMBER_SECURITY,
        params: z.object({ id: z.string().max(100) }),
        headers: IdempotencyHeadersSchema,
        // No body, or {}.
        body: WalletUseBodySchema.nullish(),
        response: { 200: WalletUseResponseSchema, ...refusals(400, 401, 404, 409, 422) },
      },
    },
    async (req) =>
      ok(
        await useWalletVoucher(
          forRequest(deps, req),
          req.member.memberId,
          req.params.id,
          req.headers['idempotency-key'],
          langOf(req),
        ),
      ),
  );

  app.post(
    '/privileges/:id/redeem',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Redeem a privilege with points',
        description:
          "Burns the privilege's points, takes one unit of its stock and puts it into the wallet with its own code, in one step; answers the new wallet item and the balance after. Send `Idempotency-Key`: a retry with the same key answers the same redemption (the same key on another privilege → 422 idempotency_key_reused). Refusals write nothing: 409 insufficient_points, 403 privilege_tier_locked, 409 privilege_sold_out, 409 privilege_not_started, 409 privilege_ended, 404 privilege_not_found.",
        security: MEMBER_SECURITY,
        params: z.object({ id: z.string().max(100) }),
        headers: IdempotencyHeadersSchema,
        // No body, or {}.
        body: PrivilegeRedeemBodySchema.nullish(),
        response: { 200: PrivilegeRedeemResponseSchema, ...refusals(400, 401, 403, 404, 409, 422) },
      },
    },
    async (req) =>
      ok(
        await redeemPrivilege(
          forRequest(deps, req),
          req.member.memberId,
          req.params.id,
          req.headers['idempotency-key'],
          langOf(req),
        ),
      ),
  );
};
