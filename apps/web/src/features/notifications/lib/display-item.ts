import type { Language, Notification, NotificationType } from '@app/contracts';
import { timeLabel, type TimeTexts } from './time-label.ts';

/** A notification as the screen shows it, derived from the one the API sends. */
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
  context: { lang: Language; now: number; time: TimeTexts; actionLabel: string },
): DisplayedNotification {
  return {
    id: n._id,
    type: 'new',
    kind: n.type,
    title: n.title,
    description: n.description,
    timeLabel: timeLabel(n.createdAt, context.lang, context.now, context.time),
    unread: !n.isRead,
    actionLabel: context.actionLabel,
    link: n.link,
  };
}
