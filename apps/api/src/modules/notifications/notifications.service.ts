import type { Language, Notification } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import type { Ctx } from '../../context.ts';
import { latestNotifications, markNotificationRead } from './notifications.repository.ts';
import { renderNotification, TEXTS_FINGERPRINT } from './render.ts';
import { readMemberVersion, type NotificationVersions } from './versions.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The list's validator: the member (a browser shared by two members must not get a 304 for the
 * other's list), their list version, the language it is rendered in and the texts' fingerprint.
 */
export const etagOf = (memberId: string, version: string, lang: Language): string =>
  `W/"n.${memberId}.${version}.${lang}.${TEXTS_FINGERPRINT}"`;

/** The ETag the list would carry now, from memory when the version is known (no query). */
export const currentEtag = async (
  versions: NotificationVersions,
  memberId: string,
  lang: Language,
): Promise<string> => etagOf(memberId, await versions.versionOf(memberId), lang);

/**
 * The latest notifications with their ETag. The version is read before the rows: a notification
 * written in between is in the list under the older ETag, so the next poll answers it again (200)
 * rather than ever hiding it behind a 304.
 */
export const listNotifications = async (
  ctx: Ctx,
  memberId: string,
  lang: Language,
): Promise<{ etag: string; data: Notification[] }> => {
  const version = await readMemberVersion(ctx.db, memberId);
  const rows = await latestNotifications(ctx.db, memberId);
  return { etag: etagOf(memberId, version, lang), data: rows.map((r) => renderNotification(r, lang)) };
};

/** Marks one of the member's notifications read (again: no change); another member's, unknown or malformed id → 404. */
export const readNotification = async (
  ctx: Ctx,
  versions: NotificationVersions,
  memberId: string,
  id: string,
  lang: Language,
): Promise<Notification> => {
  if (!UUID.test(id)) throw new AppError('notification_not_found');
  const row = await markNotificationRead(ctx.db, memberId, id);
  versions.changed(memberId);
  if (!row) throw new AppError('notification_not_found');
  return renderNotification(row, lang);
};
