import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { withTexts } from '../../../shared/i18n/add-texts.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths, splitLocale } from '../../../shared/paths.ts';
import { useNotificationPoll } from '../hooks/use-notification-poll.ts';
import { usePushSync } from '../hooks/use-push-sync.ts';
import { readDisplayedIds, rememberDisplayed } from '../lib/displayed-ids.ts';
import { toastCandidate } from '../lib/toast-candidate.ts';

/**
 * Mounted once in the app layout: keeps the device's notification preference and push subscription
 * in step with the server, runs the poll and toasts the newest unread notification not yet
 * displayed. The id is remembered before the toast shows, so a reload or the next poll never repeats it.
 * The toast library is imported only when there is something to show, keeping it off the first screens.
 */
export function NotificationPoller() {
  const { list } = useNotificationPoll();
  usePushSync();
  const { to } = useLocalizedPath();
  const inbox = to(paths.notifications);
  const onInbox = splitLocale(useLocation().pathname).path === paths.notifications;

  useEffect(() => {
    if (!list) return;
    const next = toastCandidate(list, readDisplayedIds());
    if (!next) return;
    rememberDisplayed(next._id);
    // On the notifications screen the list itself shows it: remembered as displayed, not toasted.
    if (onInbox) return;
    withTexts(import('./notification-toast.tsx'))
      .then((m) => m.showNotificationToast(next, inbox))
      .catch((error: unknown) => console.warn('notifications: toast failed to load', error));
    // Only a new list is news; the inbox path is read when the toast is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list]);

  return null;
}
