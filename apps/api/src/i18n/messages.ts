import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@app/contracts';
import { REPO_ROOT } from '../config.ts';
import i18next from 'i18next';

type Tree = { [key: string]: string | Tree };

const load = (lang: Language): Tree =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'locales', `${lang}.json`), 'utf8')) as Tree;

/**
 * The same translation engine as the web app, over the same locale files: plurals (`_one`/`_other`,
 * chosen by `count` with each language's plural rules), `{{name}}` interpolation and the English
 * fallback behave alike on both sides. Loaded synchronously once; texts are plain (HTML-escaped where
 * they go into HTML, by the mail templates).
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: load(lang) }])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The text for `key` in `lang`, else in English, else the key itself. `count` picks the plural form. */
export const t = (lang: Language, key: string, vars: Record<string, string | number> = {}): string =>
  i18n.t(key, { ...vars, lng: lang });

export const hasText = (lang: Language, key: string): boolean => i18n.exists(key, { lng: lang });

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
