import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsQueryOptions } from '../api/get-notifications.ts';
import { useNotificationPreference } from '../lib/preference.ts';
import { useNotificationScope } from './use-notification-scope.ts';

/** While a signed-in member has notifications on, the list is read again every 30 s. */
export const NOTIFICATION_POLL_MS = 30_000;

/**
 * Reads the list every 30 s while a member is signed in and has notifications on; signing out or
 * turning them off stops it (the query is disabled, so its timer ends). A failed poll is only logged:
 * the next one tries again, and the screen shows its own errors.
 */
export function useNotificationPoll() {
  const scope = useNotificationScope();
  const notiEnabled = useNotificationPreference((s) => s.notiEnabled);
  const polling = scope !== null && notiEnabled;
  const poll = useQuery({
    ...notificationsQueryOptions(scope ?? { lang: 'en', viewer: '' }),
    enabled: polling,
    refetchInterval: polling ? NOTIFICATION_POLL_MS : false,
    retry: false,
  });
  const { error, errorUpdatedAt } = poll;
  useEffect(() => {
    if (polling && error) console.warn('notifications: poll failed', error);
  }, [polling, error, errorUpdatedAt]);
  return { polling, list: polling ? poll.data : undefined };
}
