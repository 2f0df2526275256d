import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Language } from '@app/contracts';

/** Timestamps are always written by the service from the injected clock, never by a DB default. */
type Timestamp = ColumnType<Date, Date, Date>;

export interface MemberTable {
  id: Generated<string>;
  /** Always stored lower-cased (EmailSchema lower-cases), unique. */
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone_code: string | null;
  phone_number: string | null;
  /** SQL `date`, read back as 'YYYY-MM-DD' (the date parser is switched off on both drivers). */
  date_of_birth: string | null;
  avatar_id: string | null;
  language: Language;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AvatarTable {
  id: Generated<string>;
  member_id: string;
  content_type: string;
  bytes: Uint8Array;
  byte_size: number;
  created_at: Timestamp;
}

export interface OtpCodeTable {
  email: string;
  purpose: string;
  code_hash: string;
  /** Language the code was asked in: a member created by this sign-in starts with it. */
  language: Language | null;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** One sign-in = one family of refresh tokens; revoking the family ends the session everywhere. */
export interface RefreshTokenFamilyTable {
  id: Generated<string>;
  member_id: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface RefreshTokenTable {
  id: Generated<string>;
  family_id: string;
  member_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  replaced_by: string | null;
  revoked_at: Timestamp | null;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
}

export interface Database {
  member: MemberTable;
  avatar: AvatarTable;
  otp_code: OtpCodeTable;
  refresh_token_family: RefreshTokenFamilyTable;
  refresh_token: RefreshTokenTable;
  mail_outbox: MailOutboxTable;
}

export type MemberRow = Selectable<MemberTable>;
export type NewMember = Insertable<MemberTable>;
export type MemberUpdate = Updateable<MemberTable>;
export type OtpCodeRow = Selectable<OtpCodeTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
