import type { Language } from '@app/contracts';
import { useCallback } from 'react';
import { useSwitchLanguage } from '../../../shared/i18n/use-switch-language.ts';
import { useAuthStore } from '../../auth/index.ts';

/**
 * Changes the language everywhere it is remembered: the page (the /th prefix), this device, and —
 * when signed in — the profile, so e-mails and later sessions follow it.
 */
export function useChangeLanguage(): (lang: Language) => void {
  const switchLanguage = useSwitchLanguage();
  return useCallback(
    (lang: Language) => {
      switchLanguage(lang);
      const { isLoggedIn, info, setInfo } = useAuthStore.getState();
      if (!isLoggedIn || !info || info.language === lang) return;
      // Loaded on demand: the header (on every page) should not carry the profile code.
      import('../api/update-profile.ts')
        .then(({ updateProfile }) => updateProfile({ language: lang }))
        .then(
          (next) => {
            if (useAuthStore.getState().isLoggedIn) setInfo(next);
          },
          () => {
            // The page already switched; the profile catches up the next time the member switches.
          },
        );
    },
    [switchLanguage],
  );
}
