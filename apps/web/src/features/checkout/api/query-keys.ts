import type { CouponOptionsBody, Language, QuoteBody } from '@app/contracts';

const root = ['checkout'] as const;

/**
 * Every checkout query key, built here only. Answers carry texts (titles, channel names, coupon
 * messages) in the reader's language, so the language is part of each key that holds texts.
 */
export const checkoutKeys = {
  all: root,
  quote: (lang: Language, body: QuoteBody) => [...root, 'quote', lang, body] as const,
  couponOptions: (lang: Language, body: CouponOptionsBody) => [...root, 'coupons', lang, body] as const,
  channels: (lang: Language) => [...root, 'channels', lang] as const,
  order: (orderId: string) => [...root, 'order', orderId] as const,
};
