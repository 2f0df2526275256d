import { NOTIFICATIONS_LIMIT } from '@app/contracts';
import type { Db } from './notify.ts';
import type { NotificationRow } from './render.ts';

const COLUMNS = ['id', 'type', 'params', 'is_read', 'created_at'] as const;

/** The member's latest notifications, newest first (the index on member_id, created_at desc, id desc). */
export const latestNotifications = async (db: Db, memberId: string): Promise<NotificationRow[]> =>
  db
    .selectFrom('notification')
    .select(COLUMNS)
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_LIMIT)
    .execute();

/**
 * Marks the member's notification read and answers it, or undefined when it is not theirs. Already
 * read: nothing is written (the trigger moves the version only when is_read changes).
 */
export const markNotificationRead = async (
  db: Db,
  memberId: string,
  id: string,
): Promise<NotificationRow | undefined> => {
  const updated = await db
    .updateTable('notification')
    .set({ is_read: true })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('is_read', '=', false)
    .returning(COLUMNS)
    .executeTakeFirst();
  return (
    updated ??
    db
      .selectFrom('notification')
      .select(COLUMNS)
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst()
  );
};
