import type { Language } from '@app/contracts';
import { t } from '../i18n/messages.ts';
import { mailOf } from './otp-mail.ts';
import type { MailMessage } from './mailer.ts';

/** Money as both languages print it: ฿1,250 (see locales/GLOSSARY.md). */
const baht = (n: number) => `฿${new Intl.NumberFormat('en-US').format(n)}`;

export interface RefundMailInput {
  orderNumber: string;
  amount: number;
  reason: string;
  /** The refunded lines, titles in `lang`. */
  lines: Array<{ title: string; quantity: number }>;
  pointsReversed: number;
  /** A charge paid after its order was closed: nothing had been issued. */
  lateCharge: boolean;
}

/** The refund's notice to the member, in their language, to their own sign-in address (as the receipt). */
export const renderRefundMail = (r: RefundMailInput, lang: Language, to: string): MailMessage => {
  const subject = t(lang, 'mail.refund.subject', { number: r.orderNumber });
  const before = [
    t(lang, 'mail.refund.greeting'),
    t(lang, 'mail.refund.intro', { number: r.orderNumber, amount: baht(r.amount) }),
  ];
  const after = r.lateCharge
    ? [t(lang, 'mail.refund.lateCharge'), t(lang, 'mail.refund.signature')]
    : [
        ...r.lines.map((l) => t(lang, 'mail.refund.line', { title: l.title, quantity: l.quantity })),
        t(lang, 'mail.refund.reason', { reason: r.reason }),
        t(lang, 'mail.refund.wallet'),
        ...(r.pointsReversed > 0 ? [t(lang, 'mail.refund.points', { count: r.pointsReversed })] : []),
        t(lang, 'mail.refund.signature'),
      ];
  return mailOf({ to, lang, subject, before, after, logHint: `refund for order ${r.orderNumber}` });
};
