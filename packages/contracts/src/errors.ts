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
  /** 404: a cart line id that is not this member's (or no longer exists). */
  'cart_item_not_found',
  /** 409: the cart already holds CART_MAX_LINES lines. */
  'cart_full',
  /** 409: more units than one line may hold, or than are left. */
  'quantity_limit',
  /** 409: no units left. */
  'out_of_stock',
  /** 409: before the voucher's sale starts. */
  'sale_not_started',
  /** 409: after the voucher's sale ended. */
  'sale_ended',
  /** 403: the member's tier is below the voucher's. */
  'tier_locked',
  /** 403: the voucher is for Privilege customers only (silver tier and above). */
  'privilege_only',
  /** 400: the voucher has price options and none was chosen. */
  'price_option_required',
  /** 400: the option is not one of the voucher's. */
  'price_option_not_found',
  /** 409: a cart line chosen for checkout is flagged. */
  'cart_item_unavailable',
  /** 422: no coupon with this code. */
  'coupon_not_found',
  /** 422: after the coupon's end. */
  'coupon_expired',
  /** 422: before the coupon's start. */
  'coupon_not_started',
  /** 422: the spend on the items it applies to is below its minimum. */
  'coupon_min_spend',
  /** 422: not for these vouchers or stores. */
  'coupon_not_applicable',
  /** 409: its total uses are taken. */
  'coupon_used_up',
  /** 409: this member's uses are taken. */
  'coupon_already_used',
  /** 400: a total above 0 with no payment channel. */
  'channel_required',
  /** 400: an unknown payment channel. */
  'channel_unavailable',
  /** 422: the same Idempotency-Key with another body. */
  'idempotency_key_reused',
  /** 404: an order id that is not this member's. */
  'order_not_found',
  /** 409: the order has left PENDING. */
  'order_not_cancellable',
  /** 503: the payment provider did not answer. */
  'payment_unavailable',
  /** 400: a webhook with a bad or stale signature. */
  'webhook_invalid',
  /** 404: the sandbox bank page for an unknown charge. */
  'payment_not_found',
  /** 404: a wallet id that is not this member's. */
  'wallet_voucher_not_found',
  /** 404: a notification id that is not this member's (or is not an id at all). */
  'notification_not_found',
  /** 409: every use of this wallet item is taken. */
  'wallet_voucher_used_up',
  /** 409: the wallet item's validity has passed (Asia/Bangkok day). */
  'wallet_voucher_expired',
  /** 409: no units of the privilege are left. */
  'privilege_sold_out',
  /** 409: before the privilege's validity starts. */
  'privilege_not_started',
  /** 409: after the privilege's validity ended. */
  'privilege_ended',
  /** 403: the member's tier is below the privilege's. */
  'privilege_tier_locked',
  /** 409: the member already has MAX_OPEN_ORDERS orders waiting for payment. */
  'too_many_open_orders',
  /** 409: the member's points balance is smaller than what they tried to spend. */
  'insufficient_points',
  /** 409: more units of a voucher than it allows one member, in one order or over all their orders. */
  'purchase_limit_reached',
  /** 409: a back-office save named a catalogue row's version, and another save changed the row since. */
  'edit_conflict',
  /** 403: a staff member whose role does not allow this back-office operation. */
  'forbidden',
  /** 400: the staff sign-in step after the e-mailed code is unknown, used or older than 5 minutes. */
  'staff_challenge_invalid',
  /** 400: a wrong, reused or stale authenticator-app code. */
  'second_factor_invalid',
  /** 403: the member's sign-in is blocked by the programme team. */
  'account_blocked',
  /** 404: a member id (back office) that does not exist. */
  'member_not_found',
  /** 404: a staff id that does not exist. */
  'staff_not_found',
  /** 409: another staff account has this e-mail. */
  'staff_email_taken',
  /** 409: the change would leave the programme with no active owner. */
  'last_owner',
  /** 404: no campaign with this id. */
  'campaign_not_found',
  /** 409: the campaign has already started, been sent or been cancelled (only a draft or a scheduled one can change). */
  'campaign_not_pending',
  /** 409: the order is not paid and issued (or already wholly refunded): there is nothing to refund. */
  'order_not_refundable',
  /** 409: a unit asked to be refunded was used (at least once): its value was had, so it is not refunded. */
  'refund_units_used',
  /** 409: more units of a line than are left unrefunded, or a line not in the order. */
  'refund_exceeds_quantity',
  /** 409: another refund of this order is still waiting for the payment provider. */
  'refund_in_progress',
  /** 409: the payment provider refused the refund (nothing was changed). */
  'refund_declined',
  /** 404: the counter or a POS sent a code that is no wallet code (or a voided unit's, never shown again). */
  'counter_unknown_code',
  /** 403: the wallet code is for a voucher or privilege of a store the staff member or API key does not serve. */
  'counter_wrong_store',
  /** 409: every use of the wallet code is taken. */
  'counter_used_up',
  /** 409: the wallet code's validity has passed. */
  'counter_expired',
  /** 409: the wallet code's unit was refunded: it can no longer be used. */
  'counter_refunded',
  /** 404: a POS sent a member card number that is no member's. */
  'pos_member_not_found',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;
