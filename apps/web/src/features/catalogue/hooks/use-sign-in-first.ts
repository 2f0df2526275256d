import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { signinPath, splitLocale } from '../../../shared/paths.ts';
import { useAuthStore } from '../../auth/index.ts';

/**
 * Wraps a member-only action (Add to Cart, Buy Now, like, Use Now): a visitor goes to sign in and is
 * brought back to this very page (`/signin?redirect=/vouchers/…`); a member just runs it.
 */
export function useSignInFirst(): (action: () => void) => void {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const location = useLocation();
  const navigate = useNavigate();
  const { lang } = useLocalizedPath();
  return useCallback(
    (action: () => void) => {
      if (isLoggedIn) {
        action();
        return;
      }
      const { path } = splitLocale(location.pathname);
      void navigate(signinPath(lang, `${path}${location.search}`));
    },
    [isLoggedIn, lang, location.pathname, location.search, navigate],
  );
}
