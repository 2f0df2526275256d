import type { Notification } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  notificationKeys,
  notificationsQueryOptions,
  type NotificationScope,
} from '../api/get-notifications.ts';
import { markNotificationRead } from '../api/mark-notification-read.ts';

/**
 * The notifications screen's state: the list loads when the screen opens and again
 * after any mark-as-read; a mark shows at once in the cached list (and so in the badge), then goes to
 * the server. `listError` and `markError` are exposed for the screen, which shows no message for them.
 */
export function useNotifications(scope: NotificationScope) {
  const client = useQueryClient();
  const key = notificationKeys.list(scope);
  const list = useQuery({ ...notificationsQueryOptions(scope), refetchOnMount: 'always' });
  const [markError, setMarkError] = useState<unknown>(null);

  /** Marks the given ones read locally, one call each, then reloads the list whatever the calls did. */
  const markRead = async (ids: string[]) => {
    if (ids.length === 0) return;
    const marked = new Set(ids);
    // A poll in flight would bring back the old flags over the local ones.
    void client.cancelQueries({ queryKey: key });
    client.setQueryData<Notification[]>(key, (old) =>
      old?.map((n) => (marked.has(n._id) ? { ...n, isRead: true } : n)),
    );
    const results = await Promise.allSettled(ids.map((id) => markNotificationRead(id)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    setMarkError(failed ? (failed.reason as unknown) : null);
    await client.invalidateQueries({ queryKey: key });
  };

  const unreadIds = (list.data ?? []).filter((n) => !n.isRead).map((n) => n._id);

  return {
    items: list.data,
    isLoading: list.isPending,
    listError: list.error,
    markError,
    unreadIds,
    /** Opening a notification's detail: read at once here, then on the server (if it was unread). */
    markOneRead: (id: string) => markRead(unreadIds.includes(id) ? [id] : []),
    /** Read all: every unread one, one call per item; with nothing unread nothing is sent. */
    markAllRead: () => markRead(unreadIds),
    reload: () => void list.refetch(),
  };
}
