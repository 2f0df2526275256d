import type { Preferences, UpdatePreferencesBody } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import type { Ctx } from '../../context.ts';
import type { MemberRow, MemberUpdate } from '../../db/schema.ts';
import { deleteMemberSubscriptions } from '../notifications/index.ts';
import { findMemberById } from './member.repository.ts';

export const presentPreferences = (
  m: Pick<MemberRow, 'notifications_enabled' | 'language'>,
): Preferences => ({
  notificationsEnabled: m.notifications_enabled,
  language: m.language,
});

export const getPreferences = async (ctx: Ctx, memberId: string): Promise<Preferences> => {
  const member = await findMemberById(ctx.db, memberId);
  if (!member) throw new AppError('unauthorized');
  return presentPreferences(member);
};

/**
 * Changes the member's preferences, kept for every device. The language is what server-written texts
 * (pushes, e-mails) are written in from now on. Turning notifications off removes every push
 * subscription of the member in the same transaction: no device is pushed to after the answer.
 */
export const updatePreferences = (
  ctx: Ctx,
  memberId: string,
  body: UpdatePreferencesBody,
): Promise<Preferences> =>
  ctx.db.transaction().execute(async (trx) => {
    const changes: MemberUpdate = { updated_at: ctx.now() };
    if (body.notificationsEnabled !== undefined) changes.notifications_enabled = body.notificationsEnabled;
    if (body.language !== undefined) changes.language = body.language;
    const updated = await trx
      .updateTable('member')
      .set(changes)
      .where('id', '=', memberId)
      .returning(['notifications_enabled', 'language'])
      .executeTakeFirst();
    if (!updated) throw new AppError('unauthorized');
    if (body.notificationsEnabled === false) await deleteMemberSubscriptions(trx, memberId);
    return presentPreferences(updated);
  });
