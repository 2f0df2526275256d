import type { Language, UpdateProfileBody } from '@app/contracts';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { MemberRow, MemberUpdate } from '../../db/schema.ts';
import { AppError } from '../../app-error.ts';
import {
  deleteOtherAvatars,
  findMemberByEmail as findByEmail,
  findMemberById,
  findOrCreateMember as findOrCreate,
  insertAvatar,
  updateMember,
} from './member.repository.ts';

/** The signed-in member; 401 when the token outlived its member. */
export const getMember = async (ctx: Ctx, memberId: string): Promise<MemberRow> => {
  const member = await findMemberById(ctx.db, memberId);
  if (!member) throw new AppError('unauthorized');
  return member;
};

export const findMemberByEmail = (ctx: Pick<Ctx, 'db'>, email: string) => findByEmail(ctx.db, email);

/** The member who owns this (proven) address; the first sign-in creates them in `language`. */
export const findOrCreateMember = (ctx: Ctx, email: string, language: Language) =>
  findOrCreate(ctx.db, email, language, ctx.now());

/**
 * Sets an e-mail address the member has proven (with a code sent to it). Another member already
 * signing in with it → 409 email_taken; the unique index decides a race between two members.
 */
export const setProvenEmail = async (ctx: Ctx, memberId: string, email: string): Promise<MemberRow> => {
  try {
    const updated = await updateMember(ctx.db, memberId, { email, updated_at: ctx.now() });
    if (!updated) throw new AppError('unauthorized');
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('email_taken');
    throw err;
  }
};

/**
 * Applies a validated (strict) profile update to the member's own row. A field left out is unchanged.
 * The e-mail is how a member signs in, so it changes only through a code sent to the new address
 * (requestEmailChange / confirmEmailChange): sending the current address is accepted and changes
 * nothing, any other address → 400 email_change_needs_code.
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
    const member = await getMember(ctx, memberId);
    if (member.email !== body.email) throw new AppError('email_change_needs_code');
  }
  const updated = await updateMember(ctx.db, memberId, changes);
  if (!updated) throw new AppError('unauthorized');
  return updated;
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
    if (!updated) throw new AppError('unauthorized');
    await deleteOtherAvatars(trx, memberId, id);
    return updated;
  });

export const removeAvatar = (ctx: Ctx, memberId: string): Promise<MemberRow> =>
  ctx.db.transaction().execute(async (trx) => {
    const updated = await updateMember(trx, memberId, { avatar_id: null, updated_at: ctx.now() });
    if (!updated) throw new AppError('unauthorized');
    await deleteOtherAvatars(trx, memberId, null);
    return updated;
  });
