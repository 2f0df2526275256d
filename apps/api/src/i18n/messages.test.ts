import { ERROR_CODES, LANGUAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { hasText, languageFromHeader, t } from './messages.ts';

describe('API texts', () => {
  it('has a text for every error code in every language', () => {
    // A missing Thai text would fall back to English, so Thai must differ from English.
    const missing = LANGUAGES.flatMap((lang) =>
      ERROR_CODES.filter((code) => {
        const text = t(lang, `errors.${code}`);
        return text === `errors.${code}` || (lang !== 'en' && text === t('en', `errors.${code}`));
      }).map((c) => `${lang}:${c}`),
    );
    expect(missing).toEqual([]);
    expect(hasText('th', 'mail.otp.subject')).toBe(true);
  });

  it('writes Thai for Thai readers and English otherwise', () => {
    expect(t('th', 'errors.voucher_not_found')).toBe('ไม่พบบัตรกำนัล');
    expect(t('en', 'mail.otp.subject', { code: '123456' })).toContain('123456');
    expect(languageFromHeader('th-TH,th;q=0.9,en;q=0.5')).toBe('th');
    expect(languageFromHeader('fr-FR')).toBe('en');
  });

  it("chooses plural forms by count with each language's rules, like the web app", () => {
    expect(t('en', 'catalogue.status.startsIn', { count: 1 })).toBe('Starts in 1 day');
    expect(t('en', 'catalogue.status.startsIn', { count: 3 })).toBe('Starts in 3 days');
    expect(t('th', 'catalogue.status.startsIn', { count: 1 })).toBe('เริ่มในอีก 1 วัน');
    expect(t('th', 'catalogue.status.startsIn', { count: 3 })).toBe('เริ่มในอีก 3 วัน');
    // A key only English has falls back to English; an unknown key comes back as itself.
    expect(t('th', 'no.such.key')).toBe('no.such.key');
  });
});
