import type { Language } from '@app/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setLanguageSource } from '../api/client.ts';
import { splitLocale } from '../paths.ts';
import { isLanguage, LANGUAGES } from './language-preference.ts';
import { addTexts, hasLanguage, loadLanguage } from './add-texts.ts';
import { rememberPlainTexts } from './plain-texts.ts';
export { textsArrived } from './add-texts.ts';
import { shellTexts } from './resources.ts';

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

/**
 * Makes `lang` the language of the page: `<html lang>` at once, the texts once that language's are here
 * (a page downloads only its own language's; the other comes on a switch). The texts of a language
 * that cannot be downloaded (offline) stay as they are; the next switch tries again.
 */
export function applyLanguage(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (i18next.language === lang) return;
  // The server has both languages: it changes at once, before it renders the page.
  if (hasLanguage(lang)) {
    void i18next.changeLanguage(lang);
    return;
  }
  loadLanguage(lang).then(
    () => {
      // Unless the page has moved on to another language meanwhile.
      if (document.documentElement.lang === lang) void i18next.changeLanguage(lang);
    },
    (error: unknown) => console.warn(`the ${lang} texts could not be downloaded`, error),
  );
}

void i18next.use(initReactI18next).init({
  resources: {},
  lng: typeof window === 'undefined' ? 'en' : splitLocale(window.location.pathname).lang,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
rememberPlainTexts(i18next);
// The shell's texts in the page's language start downloading now; the app starts once they are here
// (main.tsx, the server's render: textsArrived).
addTexts(shellTexts);
applyLanguage(currentLanguage());
setLanguageSource(currentLanguage);

export { i18next };
export { isLanguage, LANGUAGES, saveLanguage, savedLanguage } from './language-preference.ts';
