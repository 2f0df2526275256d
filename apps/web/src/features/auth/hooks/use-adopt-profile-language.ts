import type { Language } from '@app/contracts';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { currentLanguage, saveLanguage, savedLanguage } from '../../../shared/i18n/i18n.ts';
import { localizePath, splitLocale } from '../../../shared/paths.ts';

/**
 * Right after sign-in: on a device that has never been told a language, the member's profile
 * language wins — the sign-in page moves to that language (keeping ?redirect) and the device
 * remembers it. A device with a saved choice keeps its choice.
 */
export function useAdoptProfileLanguage(): (profileLanguage: Language) => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (profileLanguage: Language) => {
      if (savedLanguage() !== null || profileLanguage === currentLanguage()) return;
      saveLanguage(profileLanguage);
      const { path } = splitLocale(location.pathname);
      await navigate(`${localizePath(path, profileLanguage)}${location.search}`, { replace: true });
    },
    [location.pathname, location.search, navigate],
  );
}
