import type { Language } from '@app/contracts';
import { t } from '../i18n/messages.ts';
import { mailOf } from './otp-mail.ts';
import type { MailMessage } from './mailer.ts';

export interface CampaignMailInput {
  title: { en: string; th: string };
  body: { en: string; th: string };
}

/**
 * A campaign's e-mail to one member, in the member's language, to their own sign-in address. The
 * title and body are the campaign's own words (escaped into the HTML by the layout); paragraphs are
 * the body's blank-line-separated parts.
 */
export const renderCampaignMail = (c: CampaignMailInput, lang: Language, to: string): MailMessage => {
  const subject = c.title[lang];
  const paragraphs = c.body[lang]
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const before = [t(lang, 'mail.campaign.greeting'), ...paragraphs];
  const after = [t(lang, 'mail.campaign.why'), t(lang, 'mail.campaign.signature')];
  return mailOf({ to, lang, subject, before, after, logHint: `campaign message "${subject.slice(0, 40)}"` });
};
