import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { useAuthStore } from '../../auth/index.ts';
import type { NotificationScope } from '../api/get-notifications.ts';

/** The signed-in member's scope, or null for a visitor (no list to read). */
export function useNotificationScope(): NotificationScope | null {
  const { lang } = useLocalizedPath();
  const viewer = useAuthStore((s) => (s.isLoggedIn ? (s.info?.id ?? 'member') : null));
  return viewer === null ? null : { lang, viewer };
}
