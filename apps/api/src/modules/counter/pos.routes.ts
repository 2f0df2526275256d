import {
  CounterRedeemResponseSchema,
  CounterVoucherResponseSchema,
  PosCodeParamsSchema,
  PosPointsBodySchema,
  PosPointsResponseSchema,
  RequiredIdempotencyHeadersSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { AuditActor } from '../../audit/audit.ts';
import { forRequest } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { AppModule } from '../../http/module.ts';
import { langOf } from '../../i18n/request-language.ts';
import { lookUpCode, redeemCode, type CounterActor } from './counter.service.ts';
import { awardStorePurchase } from './points-award.ts';
import { findLivePosKey, posKeyFromHeader } from './pos-keys.ts';
import { refusals } from '../refusals.ts';

/** Requests one store API key may make per minute; past it, 429 rate_limited with Retry-After. */
export const POS_REQUESTS_PER_MINUTE = 120;
/** A key's last_used_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

/** The OpenAPI security requirement of /pos/v1: `Authorization: Bearer pos_…`, a store's API key. */
export const POS_SECURITY: Array<Record<string, string[]>> = [{ posApiKey: [] }];

interface PosPrincipal {
  keyId: string;
  storeId: string;
  prefix: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every /pos/v1 request that passed the key check. */
    posKey: PosPrincipal;
  }
}

const REFUSALS = refusals(400, 401, 403, 404, 409, 422, 429);

const actorOf = (req: FastifyRequest): AuditActor => ({
  staffId: null,
  email: `pos:${req.posKey.prefix}`,
  requestId: req.id,
});

const atCounter = (req: FastifyRequest): CounterActor => ({
  kind: 'pos',
  posKeyId: req.posKey.keyId,
  storeId: req.posKey.storeId,
  actor: actorOf(req),
});

/**
 * The point-of-sale API at /pos/v1: a store's own system, with the store's API key (created and revoked
 * in the back office), looks up and redeems its vouchers' codes through the same rules as the counter
 * screen, and awards points for purchases made in the store. Every request is counted against its
 * key's limit after the key is checked.
 */
export const posModule: AppModule = async (app, { deps, limiter }) => {
  const perKey = limiter({
    name: 'pos-key',
    max: POS_REQUESTS_PER_MINUTE,
    windowSeconds: 60,
    key: (req) => req.posKey.keyId,
  });
  app.decorateRequest('posKey', {
    getter(): PosPrincipal {
      throw new Error('req.posKey read before the key check');
    },
  });
  app.addHook('onRequest', async (req) => {
    const key = posKeyFromHeader(req.headers.authorization);
    const found = key ? await findLivePosKey(deps.db, key) : undefined;
    if (!found) throw new AppError('unauthorized');
    Object.defineProperty(req, 'posKey', {
      value: { keyId: found.id, storeId: found.merchant_id, prefix: found.prefix },
      enumerable: true,
      configurable: true,
    });
    await perKey(req);
    const now = deps.now();
    if (!found.last_used_at || now.getTime() - found.last_used_at.getTime() > TOUCH_EVERY_MS)
      await deps.db
        .updateTable('pos_api_key')
        .set({ last_used_at: now })
        .where('id', '=', found.id)
        .execute();
  });

  app.get(
    '/codes/:code',
    {
      schema: {
        tags: ['pos'],
        summary: "Look up a member's wallet code (this store's vouchers only)",
        description:
          "The code as the member shows it: typed (any case; spaces or dashes between groups of four allowed) or the content of the wallet's QR or Code 128 barcode (the bare 16-character code). Answers the voucher, the member's first name, uses left and validity in Accept-Language. Refusals: 404 counter_unknown_code, 403 counter_wrong_store (another store's voucher), 409 counter_used_up, counter_expired, counter_refunded; 401 a missing, unknown or revoked key; 429 rate_limited with Retry-After.",
        security: POS_SECURITY,
        params: PosCodeParamsSchema,
        response: { 200: CounterVoucherResponseSchema, ...REFUSALS },
      },
    },
    async (req) => ok(await lookUpCode(forRequest(deps, req), req.params.code, atCounter(req), langOf(req))),
  );

  app.post(
    '/codes/:code/redeem',
    {
      schema: {
        tags: ['pos'],
        summary: "Record one use of a member's wallet code",
        description:
          "Exactly once per Idempotency-Key (required, scoped to the store): a retry with the same key answers the first use and uses nothing more; the same key with another code → 422 idempotency_key_reused. The same usage rule as the member's own Use and the counter screen, so concurrent uses never pass the code's limit. The member's wallet shows the use and they get a notification. Refusals as the lookup.",
        security: POS_SECURITY,
        params: PosCodeParamsSchema,
        headers: RequiredIdempotencyHeadersSchema,
        // No body, or {}.
        body: z.strictObject({}).nullish(),
        response: { 200: CounterRedeemResponseSchema, ...REFUSALS },
      },
    },
    async (req) =>
      ok(
        await redeemCode(
          forRequest(deps, req),
          req.params.code,
          req.headers['idempotency-key'],
          atCounter(req),
        ),
      ),
  );

  app.post(
    '/points',
    {
      schema: {
        tags: ['pos'],
        summary: 'Award points for a purchase in the store',
        description:
          "`memberCard`: the 16-digit number on the member card, typed or scanned from its QR or barcode (which carry the bare number). Points at the programme's earn rate in force: 1 point per `bahtPerPoint` baht of `amount`, rounded down. Once per Idempotency-Key (required, scoped to the store): a retry answers the first award; the same key with another member, amount or reference → 422 idempotency_key_reused. The member sees the points in their history and gets a notification. 404 pos_member_not_found for an unknown card number.",
        security: POS_SECURITY,
        headers: RequiredIdempotencyHeadersSchema,
        body: PosPointsBodySchema,
        response: { 200: PosPointsResponseSchema, ...REFUSALS },
      },
    },
    async (req) =>
      ok(
        await awardStorePurchase(
          forRequest(deps, req),
          { cardNumber: req.body.memberCard, amount: req.body.amount, reference: req.body.reference },
          { posKeyId: req.posKey.keyId, storeId: req.posKey.storeId, actor: actorOf(req) },
          req.headers['idempotency-key'],
        ),
      ),
  );
};
