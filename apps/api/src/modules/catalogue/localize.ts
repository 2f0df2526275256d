import type { Language } from '@app/contracts';
import { sql, type RawBuilder } from 'kysely';

/*
 * The one fallback rule for member-visible texts: the requested language, else English, else Thai.
 * NULL and '' (or only spaces) both count as missing. `localized` is used by presenters on the two
 * columns of a text; `localizedSql` is the same rule in SQL, for ORDER BY on a text.
 */

const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

export const localized = (
  lang: Language,
  en: string | null | undefined,
  th: string | null | undefined,
): string => {
  if (lang === 'th' && present(th)) return th;
  if (present(en)) return en;
  return present(th) ? th : '';
};

/** Lists (terms): item by item with the same rule; empty items are dropped. */
export const localizedList = (lang: Language, en: readonly string[], th: readonly string[]): string[] => {
  const out: string[] = [];
  for (let i = 0; i < Math.max(en.length, th.length); i++) {
    const text = localized(lang, en[i], th[i]);
    if (text) out.push(text);
  }
  return out;
};

/** `<column>_en` / `<column>_th` of `table` → the text in `lang` with the fallback rule. */
export const localizedSql = (lang: Language, table: string, column: string): RawBuilder<string> => {
  const en = sql.ref(`${table}.${column}_en`);
  const th = sql.ref(`${table}.${column}_th`);
  return lang === 'th'
    ? sql<string>`coalesce(nullif(btrim(${th}), ''), nullif(btrim(${en}), ''), '')`
    : sql<string>`coalesce(nullif(btrim(${en}), ''), nullif(btrim(${th}), ''), '')`;
};
