import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@app/contracts';
import { REPO_ROOT } from '../config.ts';

type Tree = { [key: string]: string | Tree };

/**
 * Texts the API needs even before locales/*.json has them (a key added on the API side first).
 * The locale files win whenever they hold the key.
 */
const FALLBACK: Record<Language, Record<string, string>> = {
  en: {
    'errors.mail_unavailable': 'We could not send the e-mail right now. Please try again in a few minutes.',
    'errors.service_unavailable': 'The service is temporarily unavailable. Please try again shortly.',
    'errors.generic': 'Error occurred',
    'errors.voucher_not_found': 'Voucher not found',
    'errors.privilege_not_found': 'Privilege not found',
    'errors.merchant_not_found': 'Store not found',
  },
  th: {
    'errors.mail_unavailable': 'ไม่สามารถส่งอีเมลได้ในขณะนี้ กรุณาลองใหม่อีกครั้งในอีกสักครู่',
    'errors.service_unavailable': 'ระบบไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่อีกครั้งในภายหลัง',
    'errors.generic': 'เกิดข้อผิดพลาด',
    'errors.voucher_not_found': 'ไม่พบบัตรกำนัล',
    'errors.privilege_not_found': 'ไม่พบสิทธิพิเศษ',
    'errors.merchant_not_found': 'ไม่พบร้านค้า',
  },
};

const flatten = (tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> => {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else flatten(v, key, out);
  }
  return out;
};

const load = (lang: Language): Record<string, string> => {
  try {
    return flatten(JSON.parse(readFileSync(join(REPO_ROOT, 'locales', `${lang}.json`), 'utf8')) as Tree);
  } catch {
    return {};
  }
};

const catalogues: Record<Language, Record<string, string>> = {
  en: { ...FALLBACK.en, ...load('en') },
  th: { ...FALLBACK.th, ...load('th') },
};

/** `{{name}}` placeholders, as i18next writes them in the shared locale files. */
const interpolate = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));

/** The text for `key` in `lang`, else in English, else the key itself. */
export const t = (lang: Language, key: string, vars: Record<string, string | number> = {}): string =>
  interpolate(catalogues[lang][key] ?? catalogues.en[key] ?? key, vars);

export const hasText = (lang: Language, key: string): boolean =>
  key in catalogues[lang] || key in catalogues.en;

/**
 * The member's language from Accept-Language: the highest-weighted tag whose primary subtag is a
 * supported language ('th-TH' → th); English when none is.
 */
export const languageFromHeader = (header: string | undefined): Language => {
  if (!header) return 'en';
  let best: { lang: Language; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    const lang = LANGUAGES.find((l) => l === primary);
    if (!lang) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? 'en';
};
