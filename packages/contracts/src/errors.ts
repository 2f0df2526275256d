import { z } from './zod-config.ts';

/**
 * Stable error codes, the one list both sides share. The web app translates
 * `errors.<code>` when it has a translation, else shows the server's message.
 */
export const ERROR_CODES = [
  'validation_failed',
  /** 400: a text holds NUL or an unpaired UTF-16 surrogate, which PostgreSQL can neither store nor compare. */
  'invalid_characters',
  /** 400: the path holds a broken %-escape. */
  'bad_url',
  /** 414: a path parameter is longer than the router accepts (100 characters). */
  'url_too_long',
  /** 431: the request headers are larger than the server accepts. */
  'headers_too_large',
  /** 408: the client did not send the whole request in time. */
  'request_timeout',
  'unauthorized',
  'token_expired',
  'refresh_token_invalid',
  'otp_invalid',
  'otp_expired',
  'otp_exhausted',
  'rate_limited',
  /** 409, only once the member has proven the new address with its code: the address is another member's. */
  'email_taken',
  /** 400: the member asked to change the e-mail to the one they already have. */
  'email_unchanged',
  /** 400: a profile update tried to set a new e-mail directly; it must be confirmed with a code first. */
  'email_change_needs_code',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  /** The sign-in e-mail could not be handed to the mail server (503); retrying later may work. */
  'mail_unavailable',
  /** A dependency (the database) is down (503). */
  'service_unavailable',
  /** GET /bff/vouchers/{id}: no such voucher (also for an id that is not a uuid) — 404 'Voucher not found'. */
  'voucher_not_found',
  /** GET /bff/privileges/{id}, POST /bff/privileges/{id}/like — 404 'Privilege not found'. */
  'privilege_not_found',
  /** GET /bff/merchants/{id} — 404 'Store not found'. */
  'merchant_not_found',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;
