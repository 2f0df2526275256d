import type { i18n as I18n } from 'i18next';

type FixedT = ((key: unknown, ...rest: unknown[]) => unknown) & {
  lng?: string;
  lngs?: readonly string[];
  ns?: unknown;
  keyPrefix?: unknown;
};

/**
 * A plain key's text as i18next would give it, read straight from its store: the first text found along
 * the language's fallbacks, when it is one i18next returns as it is (no values to put in, no other text
 * to nest, not empty). Undefined otherwise (missing, an object, a key with a namespace): i18next decides.
 */
function storedText(i18n: I18n, lng: string, ns: unknown, key: string): string | undefined {
  if (key.includes(':') || (ns !== undefined && typeof ns !== 'string')) return undefined;
  const languages: readonly string[] = i18n.services.languageUtils.toResolveHierarchy(lng);
  for (const language of languages) {
    const text: unknown = i18n.getResource(language, ns ?? 'translation', key);
    if (text === undefined || text === null) continue;
    return typeof text === 'string' && text !== '' && !text.includes('{{') && !text.includes('$t(')
      ? text
      : undefined;
  }
  return undefined;
}

/**
 * Remembers each plain text (`t('nav.home')`: a key and nothing else) per language once looked up, for
 * the `t` every component gets from useTranslation. Four calls in five are plain, and i18next works
 * through the whole of its options on each call: on a mid-range phone its lookups were a sixth of the
 * app's JavaScript time as a screen is drawn. Texts with values, counts or context are looked up as
 * before. Forgotten whenever texts are added (a screen's texts arriving) or removed, so a key looked up
 * before its texts were here is looked up again.
 */
export function rememberPlainTexts(i18n: I18n): void {
  const remembered = new Map<string, Map<string, unknown>>();
  const forget = () => remembered.clear();
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (...args: unknown[]) => FixedT;
  const rememberingGetFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown, ...more: unknown[]) => {
    const fixed = getFixedT(lng, ns, keyPrefix, ...more);
    if (typeof lng !== 'string' || keyPrefix) return fixed;
    const scope = `${lng}\u0000${String(ns)}`;
    const t: FixedT = (key, ...rest) => {
      if (rest.length > 0 || typeof key !== 'string') return fixed(key, ...rest);
      let texts = remembered.get(scope);
      if (!texts) remembered.set(scope, (texts = new Map()));
      if (texts.has(key)) return texts.get(key);
      const text = storedText(i18n, lng, ns, key) ?? fixed(key);
      texts.set(key, text);
      return text;
    };
    return Object.assign(t, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  };
  i18n.getFixedT = rememberingGetFixedT as unknown as I18n['getFixedT'];
}
