import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@app/contracts';
import { REPO_ROOT } from '../config.ts';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> => {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else flatten(v, key, out);
  }
  return out;
};

const load = (lang: Language): Record<string, string> =>
  flatten(JSON.parse(readFileSync(join(REPO_ROOT, 'locales', `${lang}.json`), 'utf8')) as Tree);

/** Every text comes from the shared locale files (locales/*.json), the web app's too. */
const catalogues: Record<Language, Record<string, string>> = { en: load('en'), th: load('th') };

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
