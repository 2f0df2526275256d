import type { Language } from '@app/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localizePath } from '../paths.ts';
import { isLanguage } from './i18n.ts';

/** The current language and a function turning an app path into an href in that language. */
export function useLocalizedPath(): { lang: Language; to: (path: string) => string } {
  const { i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const to = useCallback((path: string) => localizePath(path, lang), [lang]);
  return { lang, to };
}
