import { createHash, randomBytes } from 'node:crypto';
import type { Language, PaymentChannel } from '@app/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { t } from '../../i18n/messages.ts';
import type { Charge, CreateChargeInput, PaymentProvider, Refund } from './payment-provider.ts';
import { promptPayPayload } from './promptpay.ts';
import {
  expireIfDue,
  findSandboxCharge,
  insertSandboxCharge,
  recordSandboxRefund,
  sandboxRefundOutcome,
  settlePending,
  type SandboxChargeRow,
  type SandboxRefundRow,
} from './sandbox-charges.repository.ts';
import { checkWebhookSignature, signWebhook } from './webhook-signature.ts';

export const SANDBOX_PROVIDER_NAME = 'sandbox';
/** The header the sandbox signs its webhooks in (Stripe calls its own `Stripe-Signature`). */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** The channels the sandbox offers: one per type, the code as a gateway would name it. */
const SANDBOX_CHANNELS: ReadonlyArray<{ code: string; type: PaymentChannel['type'] }> = [
  { code: 'promptpay', type: 'promptpay' },
  { code: 'card', type: 'card' },
];

export const sandboxChannelOf = (code: string) => SANDBOX_CHANNELS.find((c) => c.code === code);

/** The hosted page of a charge: the card form, or (PromptPay) the bank app a tester answers in. */
export const sandboxPayPath = (ref: string) => `/sandbox/pay/${encodeURIComponent(ref)}`;

/** A path of this app: one leading slash, no scheme, no backslash, nothing a browser would take as another host. */
const isAppPath = (p: string) => /^\/(?![/\\])[^\\\s]*$/.test(p) && p.length <= 2048;

// Omise names its events `evnt_…` and charges `chrg_…`; ids are plain so they can go into a URL as is.
const newRef = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
/** A charge's ref follows from its idempotency key, so the key finds the charge it made. */
const chargeRefFor = (idempotencyKey: string) =>
  `chrg_sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;

/** The sandbox's wire shape of `charge.complete`, after Omise's event object. */
const EventBodySchema = z.object({
  object: z.literal('event'),
  id: z.string().regex(/^[A-Za-z0-9_]{1,100}$/),
  key: z.literal('charge.complete'),
  created_at: z.string(),
  data: z.object({
    object: z.literal('charge'),
    id: z.string().regex(/^[A-Za-z0-9_]{1,100}$/),
  }),
});
type EventBody = z.infer<typeof EventBodySchema>;

export interface SandboxDeps {
  db: Kysely<Database>;
  now: () => Date;
}

/** A row of the sandbox's books as the provider interface shows it. */
export const chargeOf = (row: SandboxChargeRow, promptPayId: string): Charge => {
  const type = sandboxChannelOf(row.channel_code)?.type ?? 'card';
  return {
    ref: row.ref,
    channelCode: row.channel_code,
    type,
    amount: row.amount,
    status: row.status,
    failureCode: row.failure_code,
    expiresAt: row.expires_at,
    // Not kept: the payload is a pure function of the merchant id and the amount.
    qrPayload: type === 'promptpay' ? promptPayPayload(promptPayId, row.amount) : null,
    // Omise's test mode gives PromptPay charges an authorize_uri too, where the outcome is chosen.
    authorizeUri: sandboxPayPath(row.ref),
    metadata: row.metadata,
  };
};

const refundOf = (row: SandboxRefundRow): Refund => ({
  ref: row.ref,
  chargeRef: row.charge_ref,
  amount: row.amount,
  status: row.status,
  failureCode: row.failure_code,
});

/** The webhook body and its signature header for the completion of `chargeRef`, signed at `now`. */
export const signedChargeComplete = (
  secret: string,
  chargeRef: string,
  status: string,
  now: Date,
): { body: string; signature: string; eventId: string } => {
  const event: EventBody & { data: { status: string } } = {
    object: 'event',
    id: newRef('evnt'),
    key: 'charge.complete',
    created_at: now.toISOString(),
    data: { object: 'charge', id: chargeRef, status },
  };
  const body = JSON.stringify(event);
  return { body, signature: signWebhook(secret, body, now), eventId: event.id };
};

/**
 * The default provider: a gateway that lives in this process. Charges are kept in `sandbox_charge`;
 * a tester completes them on the dev bank pages (sandbox-bank.routes.ts), which then deliver a signed
 * `charge.complete` to our webhook as a real gateway would.
 */
export const createSandboxProvider = (config: Config, deps: SandboxDeps): PaymentProvider => {
  const { db, now } = deps;
  const toCharge = (row: SandboxChargeRow) => chargeOf(row, config.promptPayId);

  const retrieveCharge = async (ref: string): Promise<Charge> => {
    const row = (await expireIfDue(db, ref, now())) ?? (await findSandboxCharge(db, ref));
    if (!row) throw new AppError('payment_not_found');
    return toCharge(row);
  };

  return {
    name: SANDBOX_PROVIDER_NAME,

    async channels(lang: Language) {
      return SANDBOX_CHANNELS.map(({ code, type }) => ({
        code,
        type,
        name: t(lang, `payments.channels.${type}.name`),
        description: t(lang, `payments.channels.${type}.description`),
      }));
    },

    async createCharge(input: CreateChargeInput) {
      if (!sandboxChannelOf(input.channelCode)) throw new AppError('channel_unavailable');
      // The caller's mistakes, not a member's: orders only charge positive whole baht, later, to a path.
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new Error(`charge amount must be a positive whole number of baht, got ${input.amount}`);
      if (input.expiresAt.getTime() <= now().getTime())
        throw new Error('charge expiresAt is not in the future');
      if (!isAppPath(input.returnUri))
        throw new Error(`charge returnUri must be an app path: ${input.returnUri}`);
      const ref = chargeRefFor(input.idempotencyKey);
      if (await findSandboxCharge(db, ref)) return retrieveCharge(ref);
      const row = await insertSandboxCharge(
        db,
        {
          ref,
          channelCode: input.channelCode,
          amount: input.amount,
          description: input.description,
          metadata: input.metadata,
          returnUri: input.returnUri,
          expiresAt: input.expiresAt,
        },
        now(),
      ).catch(async (err: unknown) => {
        // The same key at the same moment: the other ask made it.
        if (await findSandboxCharge(db, ref)) return null;
        throw err;
      });
      return row ? toCharge(row) : retrieveCharge(ref);
    },

    retrieveCharge,

    async cancelCharge(ref: string) {
      const cancelled = await settlePending(db, ref, { status: 'cancelled', failureCode: null }, now());
      return cancelled ? toCharge(cancelled) : retrieveCharge(ref);
    },

    async refund(chargeRef: string, amount: number, idempotencyKey: string) {
      if (!Number.isSafeInteger(amount) || amount <= 0)
        throw new Error(`refund amount must be a positive whole number of baht, got ${amount}`);
      // The test switch for a gateway that does not answer: the caller cannot know what happened.
      if ((await sandboxRefundOutcome(db, chargeRef)) === 'unavailable')
        throw new Error('sandbox: the gateway did not answer the refund (test switch)');
      const ref = `rfnd_sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      const attempt = () => recordSandboxRefund(db, { ref, chargeRef, amount, idempotencyKey }, now());
      // Two asks with one key at once: the loser of the unique key finds the winner's refund.
      const row = await attempt().catch(attempt);
      if (row === 'no_charge') throw new AppError('payment_not_found');
      return refundOf(row);
    },

    parseWebhook(rawBody, headers) {
      const problem = checkWebhookSignature(
        config.paymentWebhookSecret,
        rawBody,
        headers[SANDBOX_SIGNATURE_HEADER],
        now(),
      );
      if (problem) throw new AppError('webhook_invalid', { cause: new Error(`signature ${problem}`) });
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('webhook_invalid', { cause: new Error('body is not JSON') });
      }
      const parsed = EventBodySchema.safeParse(json);
      if (!parsed.success)
        throw new AppError('webhook_invalid', { cause: new Error('body is not a charge.complete event') });
      return { id: parsed.data.id, type: parsed.data.key, chargeRef: parsed.data.data.id };
    },
  };
};
