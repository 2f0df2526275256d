import type { Language } from '@app/contracts';
import { t } from '../../../i18n/messages.ts';
import type { MailMessage } from '../../../mail/mailer.ts';
import { layout } from '../../../mail/otp-mail.ts';

/**
 * The back office's sign-in code: the member mail's layout, its own words (it names the back office,
 * so a member who gets one by mistake is not confused). The code stands alone on its line, as in
 * every code mail (phones offer to copy it; the tests read it there).
 */
export const renderStaffCodeMail = (
  to: string,
  lang: Language,
  code: string,
  ttlSeconds: number,
): MailMessage => {
  const minutes = Math.round(ttlSeconds / 60);
  const subject = t(lang, 'mail.staffSignIn.subject', { code });
  const before = [t(lang, 'mail.staffSignIn.greeting'), t(lang, 'mail.staffSignIn.intro')];
  const after = [
    t(lang, 'mail.staffSignIn.expiry', { minutes }),
    t(lang, 'mail.staffSignIn.ignore'),
    t(lang, 'mail.staffSignIn.signature'),
  ];
  return {
    to,
    subject,
    text: `${[...before, code, ...after].join('\n\n')}\n`,
    html: layout(lang, subject, before, code, after),
    logHint: `back-office sign-in code ${code}`,
  };
};
