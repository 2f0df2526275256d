// Runs before i18n reads the address: an unprefixed first visit follows the language this device chose.
import { savedLanguage } from '../shared/i18n/language-preference.ts';
import { localizePath, splitLocale } from '../shared/paths.ts';

const { lang, path } = splitLocale(window.location.pathname);
const saved = savedLanguage();
if (lang === 'en' && saved === 'th') {
  const { search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${localizePath(path, 'th')}${search}${hash}`);
}
