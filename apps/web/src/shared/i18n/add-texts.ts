import { i18next } from './i18n.ts';

/**
 * Adds a screen's own sections of texts (both languages) when its code loads: `texts.ts` beside the
 * screen imports them (`virtual:locale/<section>`) and calls this, so the shell's first download
 * carries only the shell's texts.
 */
export function addTexts(texts: { en: object; th: object }): void {
  i18next.addResourceBundle('en', 'translation', texts.en, true, false);
  i18next.addResourceBundle('th', 'translation', texts.th, true, false);
}
