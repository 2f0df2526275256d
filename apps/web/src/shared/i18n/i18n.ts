import type { Language } from '@app/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setLanguageSource } from '../api/client.ts';
import { splitLocale } from '../paths.ts';
import { isLanguage, LANGUAGES } from './language-preference.ts';
import { resources } from './resources.ts';

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

/** Makes `lang` the language of the page: texts and `<html lang>`. */
export function applyLanguage(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
}

void i18next.use(initReactI18next).init({
  resources,
  lng: typeof window === 'undefined' ? 'en' : splitLocale(window.location.pathname).lang,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyLanguage(currentLanguage());
setLanguageSource(currentLanguage);

export { i18next };
export { isLanguage, LANGUAGES, saveLanguage, savedLanguage } from './language-preference.ts';
