import type { Language, PaymentChannel } from '@app/contracts';
import type { ChargeStatus } from '../../db/schema.ts';

export type { ChargeStatus };

/**
 * A payment as the gateway sees it, shaped after Opn (Omise) charges: a source type, an amount, an
 * expiry and a status that ends in successful, failed, expired or cancelled.
 */
export interface Charge {
  /** The gateway's id of the charge (Omise `chrg_…`). */
  ref: string;
  channelCode: string;
  type: PaymentChannel['type'];
  /** Whole baht. */
  amount: number;
  status: ChargeStatus;
  /** Why a failed charge failed, in the gateway's words (`payment_rejected`, `insufficient_fund`). */
  failureCode: string | null;
  expiresAt: Date;
  /** PromptPay: the EMVCo payload to draw as a QR code. */
  qrPayload: string | null;
  /** Where the member (card) or a tester (sandbox) completes the payment. */
  authorizeUri: string | null;
  metadata: Record<string, string>;
}

export interface CreateChargeInput {
  /** Whole baht, more than 0. */
  amount: number;
  channelCode: string;
  description: string;
  /** orderId, orderNumber. */
  metadata: Record<string, string>;
  expiresAt: Date;
  /** An in-app path the hosted page sends the member back to, e.g. /checkout/orders/<id>. */
  returnUri: string;
  /**
   * The same key asks for the same charge (gateways' Idempotency-Key): a retried or repeated create —
   * a timeout, a crash after asking — gets the charge made the first time, never a second payable one.
   */
  idempotencyKey: string;
}

/** Money given back on a successful charge, shaped after Opn refunds (`rfnd_…`). */
export interface Refund {
  /** The gateway's id of the refund. */
  ref: string;
  chargeRef: string;
  /** Whole baht. */
  amount: number;
  /** Settled by the gateway's answer: refunds here are synchronous (Opn's are, for PromptPay and cards). */
  status: 'succeeded' | 'failed';
  /** Why it failed, in the gateway's words (`refund_declined`, `amount_exceeds_charge`). */
  failureCode: string | null;
}

/** A verified notification from the gateway. Re-retrieve the charge to learn its state. */
export interface WebhookEvent {
  id: string;
  type: 'charge.complete';
  chargeRef: string;
}

/**
 * What orders need from a payment gateway. Every method may be a network call to the gateway, so none
 * is called inside a database transaction.
 */
export interface PaymentProvider {
  /** Names the webhook route: POST /payments/webhooks/<name>. */
  readonly name: string;
  /** The channels offered, with their names in `lang`. */
  channels(lang: Language): Promise<PaymentChannel[]>;
  /** Throws AppError('channel_unavailable') for a channel the provider does not offer. */
  createCharge(input: CreateChargeInput): Promise<Charge>;
  /** A pending charge past its expiry reads as expired. Throws AppError('payment_not_found'). */
  retrieveCharge(ref: string): Promise<Charge>;
  /** pending → cancelled; a charge in any other state is returned as it is. */
  cancelCharge(ref: string): Promise<Charge>;
  /**
   * Gives `amount` (whole baht, > 0) of a successful charge back. The same `idempotencyKey` answers the
   * refund made the first time (a retry after a timeout or a crash never refunds twice). A refusal is
   * a refund with status failed; a throw means the gateway's answer is unknown: ask again, same key.
   */
  refund(chargeRef: string, amount: number, idempotencyKey: string): Promise<Refund>;
  /** Verifies the signature over the RAW body and its timestamp; throws AppError('webhook_invalid') otherwise. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}
