/*
 * Plain values of the contract with no Zod in them, so the web app's first download can use them
 * without pulling in the schema library (`import { TIERS } from '@app/contracts/constants'`).
 * The schemas are built from these; there is one definition of each.
 */

export const LANGUAGES = ['en', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_AFTER_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;

/** The six fields whose presence makes a profile 'complete'; any empty one keeps it 'incomplete'. */
export const PROFILE_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'phoneCode',
  'phoneNumber',
  'email',
  'dateOfBirth',
] as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Tiers in ascending order; a tier requirement is a minimum. */
export const TIERS = ['member', 'silver', 'gold', 'platinum'] as const;
export type Tier = (typeof TIERS)[number];
export const tierRank = (t: Tier) => TIERS.indexOf(t);

export const BANNER_POSITIONS = ['TOP', 'BOTTOM'] as const;
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export const MAX_PAGE_LIMIT = 100;

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * The address check (Zod's own e-mail pattern): the API's EmailSchema is built from it and the sign-in
 * screen checks with it, so both say the same of any address without the screen downloading Zod.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What EmailSchema accepts, as a plain check: trimmed, lower-cased, at most 254 characters, the pattern. */
export const isEmail = (value: string): boolean => {
  const address = value.trim().toLowerCase();
  return address.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address);
};

/* Buying (issue 10). */

export const ORDER_STATUSES = [
  'PENDING',
  'IN_PROGRESS',
  'SUCCESSFUL',
  'FAILED',
  'ERROR',
  'CANCELLED',
  /** Some of a paid order's units were refunded (the rest stay in the wallet). */
  'PARTIALLY_REFUNDED',
  /** Every unit of a paid order was refunded. */
  'REFUNDED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** 'multiple' from the cart, 'single' from Buy Now. */
export const CHECKOUT_TYPES = ['single', 'multiple'] as const;
export type CheckoutType = (typeof CHECKOUT_TYPES)[number];

/** Units of one voucher and option in one cart line or one Buy Now. */
export const CART_ITEM_MAX_QUANTITY = 10;
/** Lines in one cart (and so in one order). */
export const CART_MAX_LINES = 50;
/**
 * How long after Confirm an unpaid order is cancelled (its stock and coupon given back), unless the
 * server's PAYMENT_EXPIRY_MINUTES says otherwise; each order carries its own deadline.
 */
export const PAYMENT_EXPIRY_MINUTES = 15;
/** The longest Idempotency-Key header accepted. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
