import type { Language } from '@app/contracts';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localizePath, splitLocale } from '../paths.ts';
import { saveLanguage } from './i18n.ts';

/** Switches language and stays on the same page: swaps the `/th` prefix, keeps query and hash. */
export function useSwitchLanguage(): (lang: Language) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (lang: Language) => {
      saveLanguage(lang);
      const { path, lang: current } = splitLocale(location.pathname);
      if (current === lang) return;
      void navigate(`${localizePath(path, lang)}${location.search}${location.hash}`, { replace: true });
    },
    [location.pathname, location.search, location.hash, navigate],
  );
}
