import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';

/*
 * Notifications, the member's own only: GET /bff/userTier/notifications answers `data` as an array,
 * newest first, at most NOTIFICATIONS_LIMIT of the member's latest; PATCH
 * /bff/userTier/notifications/read/{id} with an empty body marks one as read (idempotent; another
 * member's or an unknown id → 404 notification_not_found).
 * Each is stored as a type with parameters and rendered in the reader's language on every read, so a
 * language switch changes old notifications too. The list carries an ETag: a poll with If-None-Match
 * of an unchanged list answers 304 with no body.
 */

/** How many of the latest notifications the list answers (older ones are kept but not listed). */
export const NOTIFICATIONS_LIMIT = 50;

export const NotificationTypeSchema = z.enum([
  'order_successful',
  'order_failed',
  'order_cancelled',
  'order_expired',
  'order_refunded',
  'points_earned',
  'points_expiring',
  'tier_up',
  'tier_down',
  'voucher_expiring',
  'new_privilege',
  'points_adjusted',
  /** A wallet code used at a store's counter or by its point-of-sale system. */
  'voucher_used',
  /** Points for a purchase in a store (its point-of-sale system). */
  'points_earned_store',
  /** A campaign message: its own title and body, written by the programme team in both languages. */
  'campaign',
]);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

export const NotificationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** What happened: lets the screen pick an icon without reading the title. */
  type: NotificationTypeSchema,
  /** The app path it refers to without the locale (e.g. /wallet/{id}), or null. */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsResponseSchema = envelope(z.array(NotificationSchema));

export const NotificationReadBodySchema = z.object({}).strict();
export const NotificationReadResponseSchema = envelope(NotificationSchema);
