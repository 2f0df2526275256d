import type { Language, Notification } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/**
 * Whose list, in which language: titles and descriptions are rendered in the reader's language, and a
 * list belongs to one member, so both are in the key.
 */
export type NotificationScope = { lang: Language; viewer: string };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (s: NotificationScope) => ['notifications', s.viewer, s.lang] as const,
};

/**
 * The member's latest notifications, newest first. A plain fetch: the API answers with an ETag and
 * `no-cache`, so the browser itself revalidates with If-None-Match and an unchanged list costs a 304
 * (the browser hands the stored body to us as a 200). Cast, not parsed, like the other reads: the API
 * holds its answers to the contract.
 */
export const getNotifications = async (lang: Language, signal?: AbortSignal) =>
  (await api.get('/bff/userTier/notifications', { lang, signal })) as Notification[];

export const notificationsQueryOptions = (scope: NotificationScope) =>
  queryOptions({
    queryKey: notificationKeys.list(scope),
    queryFn: ({ signal }) => getNotifications(scope.lang, signal),
  });
