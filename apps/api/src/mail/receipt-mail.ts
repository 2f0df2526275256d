import type { Language, Order } from '@app/contracts';
import { t } from '../i18n/messages.ts';
import { mailOf } from './otp-mail.ts';
import type { MailMessage } from './mailer.ts';

/** Money as both languages print it: ฿1,250 (see locales/GLOSSARY.md). */
const baht = (n: number) => `฿${new Intl.NumberFormat('en-US').format(n)}`;

/**
 * The receipt of a successful order, in the language the member checked out in, to `to`: the
 * member's own sign-in address (see sendReceipt), never the contact address typed at checkout.
 */
export const renderReceiptMail = (order: Order, lang: Language, to: string): MailMessage => {
  const subject = t(lang, 'mail.receipt.subject', { number: order.number });
  const before = [t(lang, 'mail.receipt.greeting'), t(lang, 'mail.receipt.intro', { number: order.number })];
  const lines = order.items.map((i) =>
    t(lang, 'mail.receipt.line', {
      title: i.priceOptionLabel ? `${i.title} (${i.priceOptionLabel})` : i.title,
      quantity: i.quantity,
      amount: baht(i.lineTotal),
    }),
  );
  const totals = [
    t(lang, 'mail.receipt.subtotal', { amount: baht(order.subtotal) }),
    ...(order.discount > 0
      ? [t(lang, 'mail.receipt.discount', { amount: baht(order.discount), code: order.coupon?.code ?? '' })]
      : []),
    t(lang, 'mail.receipt.total', { amount: baht(order.total) }),
    ...(order.pointsEarned > 0 ? [t(lang, 'mail.receipt.points', { count: order.pointsEarned })] : []),
  ];
  const after = [...lines, ...totals, t(lang, 'mail.receipt.wallet'), t(lang, 'mail.receipt.signature')];
  return mailOf({ to, lang, subject, before, after, logHint: `receipt for order ${order.number}` });
};
