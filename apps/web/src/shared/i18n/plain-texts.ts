import type { i18n as I18n } from 'i18next';

type FixedT = ((key: unknown, ...rest: unknown[]) => unknown) & {
  lng?: string;
  lngs?: readonly string[];
  ns?: unknown;
  keyPrefix?: unknown;
};

/**
 * A key's stored text as i18next would start from it: the first text found along the language's
 * fallbacks, when it is one i18next gives as it is or with values put in (no other text to nest, not
 * empty). Undefined otherwise (missing, an object, a key with a namespace): i18next decides.
 */
function storedText(i18n: I18n, lng: string, ns: unknown, key: string): string | undefined {
  if (key.includes(':') || (ns !== undefined && typeof ns !== 'string')) return undefined;
  const languages: readonly string[] = i18n.services.languageUtils.toResolveHierarchy(lng);
  for (const language of languages) {
    const text: unknown = i18n.getResource(language, ns ?? 'translation', key);
    if (text === undefined || text === null) continue;
    return typeof text === 'string' && text !== '' && !text.includes('$t(') ? text : undefined;
  }
  return undefined;
}

/** `{{name}}`: a value put in as it is (the app's texts use no formats and no unescaped `{{- }}`). */
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Values that make i18next do more than put them in (plurals, context) even where a text shows them. */
const I18NEXT_OPTIONS = ['count', 'context', 'ordinal'];

/**
 * `text` with `values` put in, as i18next's interpolation would (escaping off, as the app sets it: the
 * renderer escapes), or undefined where i18next must decide: a value the text does not show (an option
 * of i18next's: a default, a namespace…) or that makes it choose a text (a count), or a placeholder left
 * unfilled (no value, one that is not a string or a number, a format).
 */
function withValues(text: string, values: unknown): string | undefined {
  if (typeof values !== 'object' || values === null) return undefined;
  const given = values as Record<string, unknown>;
  const shown = new Set(Array.from(text.matchAll(PLACEHOLDER), ([, name]) => name));
  for (const name in given) if (!shown.has(name) || I18NEXT_OPTIONS.includes(name)) return undefined;
  const filled = text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = given[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : placeholder;
  });
  return filled.includes('{{') ? undefined : filled;
}

/**
 * Remembers each plain text (`t('nav.home')`: a key and nothing else) per language once looked up, for
 * the `t` every component gets from useTranslation, and puts values in itself where that is all a call
 * asks for (`t('x', { name })`). Four calls in five are plain, and i18next works through the whole of
 * its options on each call: on a mid-range phone its lookups were a sixth of the app's JavaScript time
 * as a screen is drawn, and a text with values cost it ten times a plain one. Texts with counts or
 * context are looked up as before. Forgotten whenever texts are added (a screen's texts arriving) or
 * removed, so a key looked up before its texts were here is looked up again.
 */
export function rememberPlainTexts(i18n: I18n): void {
  const remembered = new Map<string, Map<string, string | undefined>>();
  const forget = () => remembered.clear();
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (...args: unknown[]) => FixedT;
  const rememberingGetFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown, ...more: unknown[]) => {
    const fixed = getFixedT(lng, ns, keyPrefix, ...more);
    if (typeof lng !== 'string' || keyPrefix) return fixed;
    const scope = `${lng}\u0000${String(ns)}`;
    const stored = (key: string) => {
      let texts = remembered.get(scope);
      if (!texts) remembered.set(scope, (texts = new Map()));
      if (!texts.has(key)) texts.set(key, storedText(i18n, lng, ns, key));
      return texts.get(key);
    };
    const t: FixedT = (key, ...rest) => {
      if (typeof key !== 'string' || rest.length > 1) return fixed(key, ...rest);
      const text = stored(key);
      if (text === undefined) return fixed(key, ...rest);
      if (rest.length === 0) return text.includes('{{') ? fixed(key) : text;
      return withValues(text, rest[0]) ?? fixed(key, ...rest);
    };
    return Object.assign(t, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  };
  i18n.getFixedT = rememberingGetFixedT as unknown as I18n['getFixedT'];
}
