import type { Language, QuoteBody } from '@app/contracts';

const root = ['checkout'] as const;

/**
 * Every checkout query key, built here only. Answers carry texts (titles, channel names, coupon
 * messages) in the reader's language, so the language is part of each key that holds texts.
 */
export const checkoutKeys = {
  all: root,
  quote: (lang: Language, body: QuoteBody) => [...root, 'quote', lang, body] as const,
  voucherCoupons: (lang: Language, voucherId: string) => [...root, 'coupons', lang, voucherId] as const,
  channels: (lang: Language) => [...root, 'channels', lang] as const,
  order: (orderId: string) => [...root, 'order', orderId] as const,
};
