import { profileStatusOf, PROFILE_REQUIRED_FIELDS, type MemberInfo } from '@app/contracts';
import type { MemberRow } from '../../db/schema.ts';

export const avatarUrlOf = (avatarId: string) => `/media/avatars/${avatarId}`;

/** A member row → the wire shape (field by field: no column leaks by accident). */
export const presentMember = (m: MemberRow): MemberInfo => {
  const base = {
    id: m.id,
    email: m.email,
    firstName: m.first_name,
    lastName: m.last_name,
    phoneCode: m.phone_code,
    phoneNumber: m.phone_number,
    dateOfBirth: m.date_of_birth,
  };
  return {
    ...base,
    avatarUrl: m.avatar_id ? avatarUrlOf(m.avatar_id) : null,
    language: m.language,
    profileStatus: profileStatusOf(base),
  };
};

/** Names of the required fields still empty (the /info message list). */
export const missingFieldsOf = (info: MemberInfo): string[] =>
  PROFILE_REQUIRED_FIELDS.filter((f) => (info[f] ?? '').trim() === '');
