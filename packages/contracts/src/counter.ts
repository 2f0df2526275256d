import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './constants.ts';

/*
 * The shop's counter: store staff (/admin/api/counter, permission `counter.redeem`, their stores from
 * staff_store) and point-of-sale systems (/pos/v1, a store's API key) look a member's wallet code up
 * and record one use of it; a POS also awards points for an in-store purchase.
 *
 * Details fixed here beyond the brief the counter screen codes against:
 * - `memberFirstName` is null when the member has not given a first name.
 * - `usesLeft` and `usageLimit` are null for a code with unlimited uses.
 * - lookup refuses exactly as redeem would (the same error codes), so a screen that shows the
 *   voucher can offer Confirm; redeem judges again when it is sent.
 * - no "not yet valid" refusal: a wallet code is valid from the moment it is issued.
 * - the Idempotency-Key header is required on redeem (400 validation_failed without it).
 */

/** What a typed code or the content of a wallet code's QR or barcode may be, before it is normalised. */
export const COUNTER_CODE_MAX_LENGTH = 64;

/**
 * A wallet code as the counter receives it: typed (any case, with the spaces or dashes the wallet
 * shows between groups of four) or scanned (the QR and the Code 128 barcode both carry the bare code).
 * Trimmed and upper-cased, spaces and dashes dropped; an unknown result is 404 counter_unknown_code.
 */
export const CounterCodeSchema = z
  .string()
  .max(COUNTER_CODE_MAX_LENGTH)
  .transform((s) =>
    s
      .trim()
      .replace(/[\s-]+/g, '')
      .toUpperCase(),
  )
  .pipe(z.string().min(1, 'must not be empty'));

export const CounterLookupBodySchema = z.strictObject({ code: CounterCodeSchema });
export const CounterRedeemBodySchema = z.strictObject({ code: CounterCodeSchema });

/** The Idempotency-Key a counter or POS redeem and a points award must carry. */
export const RequiredIdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
});

/** A wallet code as the counter sees it, in the staff member's (Accept-Language) language. */
export const CounterVoucherSchema = z.object({
  code: z.string(),
  kind: z.enum(['voucher', 'privilege']),
  voucherTitle: z.string(),
  storeName: z.string(),
  storeId: z.uuid(),
  imageUrl: z.string().nullable(),
  memberFirstName: z.string().nullable(),
  /** null = unlimited. */
  usesLeft: z.number().int().nullable(),
  /** null = unlimited. */
  usageLimit: z.number().int().nullable(),
  validUntil: z.string(),
});
export type CounterVoucher = z.infer<typeof CounterVoucherSchema>;
export const CounterVoucherResponseSchema = envelope(CounterVoucherSchema);

/** One use recorded (or the same answer again for a replayed Idempotency-Key). */
export const CounterRedeemResultSchema = z.object({
  code: z.string(),
  /** null = unlimited. */
  usesLeft: z.number().int().nullable(),
  usedAt: z.string(),
});
export type CounterRedeemResult = z.infer<typeof CounterRedeemResultSchema>;
export const CounterRedeemResponseSchema = envelope(CounterRedeemResultSchema);

/* The point-of-sale API (/pos/v1). */

/** A wallet code in the path of /pos/v1/codes/{code}. */
export const PosCodeParamsSchema = z.object({ code: CounterCodeSchema });

/** The largest in-store purchase one award may be for, in baht. */
export const POS_PURCHASE_MAX_BAHT = 1_000_000;

/**
 * The member's card number (16 digits; spaces or dashes between groups allowed), as typed or as
 * scanned from the member card's QR or barcode, which carry the bare number.
 */
export const MemberCardNumberSchema = z
  .string()
  .max(COUNTER_CODE_MAX_LENGTH)
  .transform((s) => s.trim().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^\d{16}$/, 'must be the 16 digits of the member card'));

export const PosPointsBodySchema = z.strictObject({
  memberCard: MemberCardNumberSchema,
  /** What the member paid in the store, in baht (satang allowed). */
  amount: z
    .number()
    .positive()
    .max(POS_PURCHASE_MAX_BAHT)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most two decimals (satang)'),
  /** The POS's own receipt number, kept with the award for the store's records. */
  reference: z.string().trim().max(100).optional(),
});
export type PosPointsBody = z.input<typeof PosPointsBodySchema>;

export const PosPointsResultSchema = z.object({
  /** The award's id (the same on a replay with the same Idempotency-Key). */
  id: z.uuid(),
  points: z.number().int(),
  memberFirstName: z.string().nullable(),
  awardedAt: z.string(),
});
export type PosPointsResult = z.infer<typeof PosPointsResultSchema>;
export const PosPointsResponseSchema = envelope(PosPointsResultSchema);

/* Store API keys in the back office (/admin/api/pos-keys, permission `stores.apiKeys`). */

export const PosKeySchema = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  storeName: z.string(),
  name: z.string(),
  /** The key's first characters (pos_xxxxxxxx), to tell keys apart; the rest is never shown again. */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type PosKey = z.infer<typeof PosKeySchema>;

export const PosKeysQuerySchema = z.strictObject({ storeId: z.uuid().optional() });
export const PosKeysResponseSchema = envelope(z.array(PosKeySchema));

export const CreatePosKeyBodySchema = z.strictObject({
  storeId: z.uuid(),
  name: z.string().trim().min(1).max(80),
});
export type CreatePosKeyBody = z.input<typeof CreatePosKeyBodySchema>;

/** The new key with its secret: the only answer that ever holds it. */
export const CreatedPosKeySchema = PosKeySchema.extend({ key: z.string() });
export type CreatedPosKey = z.infer<typeof CreatedPosKeySchema>;
export const CreatedPosKeyResponseSchema = envelope(CreatedPosKeySchema);
export const PosKeyResponseSchema = envelope(PosKeySchema);

/** GET /bff/member-card: the number the member card shows (as text, and in its QR and barcode). */
export const MemberCardSchema = z.object({ cardNumber: z.string().regex(/^\d{16}$/) });
export type MemberCard = z.infer<typeof MemberCardSchema>;
export const MemberCardResponseSchema = envelope(MemberCardSchema);
