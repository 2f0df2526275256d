import type { Language } from '@app/contracts';
import { t } from '../i18n/messages.ts';
import type { MailMessage } from './mailer.ts';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One layout for every mail: paragraphs, and optionally the code set large between them. */
export const layout = (
  lang: Language,
  subject: string,
  before: string[],
  code: string | null,
  after: string[],
) => {
  const font = lang === 'th' ? "'Noto Sans Thai', Tahoma, sans-serif" : 'Helvetica, Arial, sans-serif';
  const para = (text: string, style = 'margin:0 0 16px') => `<p style="${style}">${escapeHtml(text)}</p>`;
  const codeHtml = code
    ? `<p style="margin:0 0 24px;font-size:32px;font-weight:700;letter-spacing:6px;font-family:'Courier New',monospace;color:#0b1f44">${code}</p>`
    : '';
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:${font};color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${before.map((p) => para(p)).join('\n')}
${codeHtml}
${after.map((p, i) => para(p, i === after.length - 1 ? 'margin:0' : 'margin:0 0 16px;color:#4b5563')).join('\n')}
</div>
</body>
</html>`;
};

/**
 * A mail of paragraphs, as text and as the layout's HTML alike: `before`, then the code on its own line
 * when there is one, then `after`.
 */
export const mailOf = (m: {
  to: string;
  lang: Language;
  subject: string;
  before: string[];
  code?: string;
  after: string[];
  logHint: string;
}): MailMessage => ({
  to: m.to,
  subject: m.subject,
  text: `${[...m.before, ...(m.code === undefined ? [] : [m.code]), ...m.after].join('\n\n')}\n`,
  html: layout(m.lang, m.subject, m.before, m.code ?? null, m.after),
  logHint: m.logHint,
});

/** What a code mail is for: its texts live under `mail.<kind>.*` in the locale files. */
export type CodeMailKind = 'otp' | 'emailChange' | 'staffSignIn';

const CODE_LOG_HINTS: Record<CodeMailKind, string> = {
  otp: 'sign-in',
  emailChange: 'e-mail change',
  staffSignIn: 'back-office sign-in',
};

/**
 * A mail carrying a one-time code. The code is written as six consecutive digits everywhere —
 * subject, text and HTML — so phones offer to copy or autofill it.
 */
export const renderCodeMail = (
  kind: CodeMailKind,
  to: string,
  lang: Language,
  code: string,
  ttlSeconds: number,
): MailMessage => {
  const minutes = Math.round(ttlSeconds / 60);
  const subject = t(lang, `mail.${kind}.subject`, { code });
  const before = [t(lang, `mail.${kind}.greeting`), t(lang, `mail.${kind}.intro`, { email: to })];
  const after = [
    t(lang, `mail.${kind}.expiry`, { minutes }),
    t(lang, `mail.${kind}.ignore`),
    t(lang, `mail.${kind}.signature`),
  ];
  return mailOf({ to, lang, subject, before, code, after, logHint: `${CODE_LOG_HINTS[kind]} code ${code}` });
};

export const renderOtpMail = (to: string, lang: Language, code: string, ttlSeconds: number) =>
  renderCodeMail('otp', to, lang, code, ttlSeconds);

/**
 * Sent to the old address once an e-mail change is confirmed: if someone else changed it, the owner
 * learns at once, at the address they still read.
 */
export const renderEmailChangedNotice = (to: string, lang: Language, newEmail: string): MailMessage => {
  const subject = t(lang, 'mail.emailChanged.subject');
  const paragraphs = [
    t(lang, 'mail.emailChanged.greeting'),
    t(lang, 'mail.emailChanged.body', { email: newEmail }),
    t(lang, 'mail.emailChanged.notYou'),
    t(lang, 'mail.emailChanged.signature'),
  ];
  const [greeting = '', ...after] = paragraphs;
  return mailOf({ to, lang, subject, before: [greeting], after, logHint: 'e-mail change notice' });
};
