import type { Language } from '@app/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import texts from 'virtual:locale-admin';
import { setLanguageSource } from '../api/client.ts';

/** The chosen language, kept on this device (the back office has no /th/ addresses). */
const LANGUAGE_KEY = 'privileges.admin.language';
export const LANGUAGES: Language[] = ['en', 'th'];
const isLanguage = (v: unknown): v is Language => v === 'en' || v === 'th';

function initialLanguage(): Language {
  try {
    const saved = window.localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    /* storage blocked: fall through */
  }
  return navigator.language.toLowerCase().startsWith('th') ? 'th' : 'en';
}

void i18next.use(initReactI18next).init({
  resources: { en: { translation: texts.en }, th: { translation: texts.th } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : 'en');
/** `<html lang>` (Thai line breaking, screen readers) and the tab's title follow the language. */
const applyToPage = () => {
  document.documentElement.lang = currentLanguage();
  document.title = i18next.t('admin.brand');
};
applyToPage();
i18next.on('languageChanged', applyToPage);
setLanguageSource(currentLanguage);

export function changeLanguage(lang: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    /* not kept: fine for this visit */
  }
  return i18next.changeLanguage(lang);
}

export { i18next };
