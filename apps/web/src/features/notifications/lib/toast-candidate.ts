import type { Notification } from '@app/contracts';

/**
 * Which notification to toast: the newest unread one, unless it has been shown before. Only the newest
 * — older unread ones never toast one by one on later polls; the list and the badge show them.
 */
export function toastCandidate(list: Notification[], displayed: readonly string[]): Notification | null {
  // The API answers newest first; pick by date anyway so the order on the wire cannot matter.
  let newest: Notification | undefined;
  for (const n of list)
    if (!n.isRead && (!newest || Date.parse(n.createdAt) > Date.parse(newest.createdAt))) newest = n;
  return newest && !displayed.includes(newest._id) ? newest : null;
}
