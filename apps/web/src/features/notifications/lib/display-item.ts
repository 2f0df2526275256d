import type { Language, Notification, NotificationType } from '@app/contracts';
import { timeLabel } from './time-label.ts';

/** A notification as the screen shows it (spec section 3, "displayed item"). */
export type DisplayedNotification = {
  id: string;
  /** Always 'new' (spec); what happened is `kind`. */
  type: 'new';
  kind: NotificationType;
  title: string;
  description: string;
  timeLabel: string;
  unread: boolean;
  actionLabel: string;
  link: string | null;
};

export function toDisplayed(
  n: Notification,
  context: { lang: Language; now: number; justNow: string; actionLabel: string },
): DisplayedNotification {
  return {
    id: n._id,
    type: 'new',
    kind: n.type,
    title: n.title,
    description: n.description,
    timeLabel: timeLabel(n.createdAt, context.lang, context.now, context.justNow),
    unread: !n.isRead,
    actionLabel: context.actionLabel,
    link: n.link,
  };
}

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
