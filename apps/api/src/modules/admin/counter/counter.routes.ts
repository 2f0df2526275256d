import {
  CounterLookupBodySchema,
  CounterRedeemBodySchema,
  CounterRedeemResponseSchema,
  CounterVoucherResponseSchema,
  RequiredIdempotencyHeadersSchema,
} from '@app/contracts';
import { forRequest } from '../../../context.ts';
import { ok } from '../../../http/envelope.ts';
import { langOf } from '../../../i18n/request-language.ts';
import { lookUpCode, redeemCode, type CounterActor } from '../../counter/index.ts';
import type { AdminArea } from '../area.ts';
import { actorOf } from '../audit.ts';
import { refusals } from '../../refusals.ts';

const REFUSALS = refusals(400, 403, 404, 409, 422);

/**
 * The shop's counter at /admin/api/counter: store staff look up the code a member shows (typed, or
 * scanned from its QR or barcode) and record one use — for their own stores' vouchers only. Messages
 * follow the staff member's Accept-Language.
 */
export const counterArea: AdminArea = async (app, { deps }) => {
  const staffAtCounter = (req: Parameters<typeof actorOf>[0]): CounterActor => ({
    kind: 'staff',
    staffId: req.staff.staffId,
    storeIds: req.staff.storeIds,
    actor: actorOf(req),
  });

  app.post(
    '/counter/lookup',
    {
      config: { permission: 'counter.redeem' },
      schema: {
        tags: ['admin', 'counter'],
        summary: "Look up a member's wallet code at the counter",
        description:
          "The code as typed (any case; spaces or dashes between groups allowed) or the content of the wallet's QR or barcode. Refused as a redeem would be: 404 counter_unknown_code, 403 counter_wrong_store (a voucher of a store the staff member does not work for), 409 counter_used_up, counter_expired, counter_refunded.",
        body: CounterLookupBodySchema,
        response: { 200: CounterVoucherResponseSchema, ...REFUSALS },
      },
    },
    async (req) =>
      ok(await lookUpCode(forRequest(deps, req), req.body.code, staffAtCounter(req), langOf(req))),
  );

  app.post(
    '/counter/redeem',
    {
      config: { permission: 'counter.redeem' },
      schema: {
        tags: ['admin', 'counter'],
        summary: "Record one use of a member's wallet code at the counter",
        description:
          'Exactly once per Idempotency-Key (required): the same key again answers the first use and uses nothing more; the same key with another code → 422 idempotency_key_reused. The member sees the use in their wallet and gets a notification. Refusals as lookup.',
        headers: RequiredIdempotencyHeadersSchema,
        body: CounterRedeemBodySchema,
        response: { 200: CounterRedeemResponseSchema, ...REFUSALS },
      },
    },
    async (req) =>
      ok(
        await redeemCode(
          forRequest(deps, req),
          req.body.code,
          req.headers['idempotency-key'],
          staffAtCounter(req),
        ),
      ),
  );
};
