import type { Language } from '@app/contracts';
import { t } from '../i18n/messages.ts';
import type { MailMessage } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The sign-in code e-mail in one language (texts from locales mail.otp.*). The code is written as six
 * consecutive digits everywhere — subject, text and HTML — so phones offer to copy or autofill it.
 */
export const renderOtpMail = (to: string, lang: Language, code: string, ttlSeconds: number): MailMessage => {
  const minutes = Math.round(ttlSeconds / 60);
  const subject = t(lang, 'mail.otp.subject', { code });
  const greeting = t(lang, 'mail.otp.greeting');
  const intro = t(lang, 'mail.otp.intro');
  const expiry = t(lang, 'mail.otp.expiry', { minutes });
  const ignore = t(lang, 'mail.otp.ignore');
  const signature = t(lang, 'mail.otp.signature');

  const text = [greeting, '', intro, '', code, '', expiry, ignore, '', signature, ''].join('\n');

  const font = lang === 'th' ? "'Noto Sans Thai', Tahoma, sans-serif" : 'Helvetica, Arial, sans-serif';
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:${font};color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px;font-size:32px;font-weight:700;letter-spacing:6px;font-family:'Courier New',monospace;color:#0b1f44">${code}</p>
<p style="margin:0 0 8px;color:#4b5563">${escapeHtml(expiry)}</p>
<p style="margin:0 0 24px;color:#4b5563">${escapeHtml(ignore)}</p>
<p style="margin:0">${escapeHtml(signature)}</p>
</div>
</body>
</html>`;
  return { to, subject, text, html, logHint: `sign-in code ${code}` };
};
