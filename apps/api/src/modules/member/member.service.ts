import type { UpdateProfileBody } from '@app/contracts';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { MemberRow, MemberUpdate } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import {
  deleteOtherAvatars,
  findMemberByEmail,
  findMemberById,
  insertAvatar,
  updateMember,
} from './member.repository.ts';

/** The signed-in member; 401 when the token outlived its member. */
export const getMember = async (ctx: Ctx, memberId: string): Promise<MemberRow> => {
  const member = await findMemberById(ctx.db, memberId);
  if (!member) throw new AppError(401, 'unauthorized');
  return member;
};

/**
 * Applies a validated (strict) profile update to the member's own row. A field left out is unchanged.
 * An e-mail already used by another member → 409 email_taken.
 */
export const updateProfile = async (
  ctx: Ctx,
  memberId: string,
  body: UpdateProfileBody,
): Promise<MemberRow> => {
  const changes: MemberUpdate = { updated_at: ctx.now() };
  if (body.firstName !== undefined) changes.first_name = body.firstName;
  if (body.lastName !== undefined) changes.last_name = body.lastName;
  if (body.phoneCode !== undefined) changes.phone_code = body.phoneCode;
  if (body.phoneNumber !== undefined) changes.phone_number = body.phoneNumber;
  if (body.dateOfBirth !== undefined) changes.date_of_birth = body.dateOfBirth;
  if (body.language !== undefined) changes.language = body.language;
  if (body.email !== undefined) {
    const owner = await findMemberByEmail(ctx.db, body.email);
    if (owner && owner.id !== memberId) throw new AppError(409, 'email_taken');
    changes.email = body.email;
  }
  try {
    const updated = await updateMember(ctx.db, memberId, changes);
    if (!updated) throw new AppError(401, 'unauthorized');
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'email_taken'); // lost a race for the address
    throw err;
  }
};

/** Stores a new avatar (already size- and type-checked) and drops the previous one. */
export const replaceAvatar = (
  ctx: Ctx,
  memberId: string,
  contentType: string,
  bytes: Uint8Array,
): Promise<MemberRow> =>
  ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const { id } = await insertAvatar(trx, { memberId, contentType, bytes, now });
    const updated = await updateMember(trx, memberId, { avatar_id: id, updated_at: now });
    if (!updated) throw new AppError(401, 'unauthorized');
    await deleteOtherAvatars(trx, memberId, id);
    return updated;
  });

export const removeAvatar = (ctx: Ctx, memberId: string): Promise<MemberRow> =>
  ctx.db.transaction().execute(async (trx) => {
    const updated = await updateMember(trx, memberId, { avatar_id: null, updated_at: ctx.now() });
    if (!updated) throw new AppError(401, 'unauthorized');
    await deleteOtherAvatars(trx, memberId, null);
    return updated;
  });
