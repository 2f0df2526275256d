import { useQuery } from '@tanstack/react-query';
import { notificationsQueryOptions } from '../api/get-notifications.ts';
import { useNotificationScope } from './use-notification-scope.ts';

/**
 * Unread notifications for the Inbox tab's badge: read from the list the poll and the screen keep
 * cached (it never fetches on its own), so a mark-as-read lowers it at once.
 */
export function useUnreadCount(): number {
  const scope = useNotificationScope();
  const list = useQuery({
    ...notificationsQueryOptions(scope ?? { lang: 'en', viewer: '' }),
    enabled: false,
    select: (l) => l.filter((n) => !n.isRead).length,
  });
  return scope === null ? 0 : (list.data ?? 0);
}
