import type { Kysely, Transaction } from 'kysely';
import type { Database, MemberRow, MemberUpdate } from '../../db/schema.ts';
import type { Language } from '@app/contracts';

type Db = Kysely<Database> | Transaction<Database>;

export const findMemberByEmail = (db: Db, email: string): Promise<MemberRow | undefined> =>
  db.selectFrom('member').selectAll().where('email', '=', email).executeTakeFirst();

export const findMemberById = (db: Db, id: string): Promise<MemberRow | undefined> =>
  db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();

/** The member with this e-mail, created on first sign-in (concurrent first logins create one row). */
export const findOrCreateMember = async (
  db: Db,
  email: string,
  language: Language,
  now: Date,
): Promise<MemberRow> => {
  await db
    .insertInto('member')
    .values({ email, language, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const member = await findMemberByEmail(db, email);
  if (!member) throw new Error('member vanished after insert');
  return member;
};

/** Updates exactly this member's row: the id comes from the access token, never from the body. */
export const updateMember = (db: Db, id: string, changes: MemberUpdate) =>
  db.updateTable('member').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

export const insertAvatar = (
  trx: Transaction<Database>,
  row: { memberId: string; contentType: string; bytes: Uint8Array; now: Date },
) =>
  trx
    .insertInto('avatar')
    .values({
      member_id: row.memberId,
      content_type: row.contentType,
      bytes: row.bytes,
      byte_size: row.bytes.byteLength,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Every avatar of the member except `keepId` (old pictures are not kept). */
export const deleteOtherAvatars = (trx: Transaction<Database>, memberId: string, keepId: string | null) => {
  let q = trx.deleteFrom('avatar').where('member_id', '=', memberId);
  if (keepId) q = q.where('id', '!=', keepId);
  return q.execute();
};

export const findAvatar = (db: Db, id: string) =>
  db
    .selectFrom('avatar')
    .select(['id', 'content_type', 'bytes', 'byte_size'])
    .where('id', '=', id)
    .executeTakeFirst();
