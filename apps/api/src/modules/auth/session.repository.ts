import type { Kysely, Transaction } from 'kysely';
import type { Database, RefreshTokenRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const insertFamily = (trx: Transaction<Database>, memberId: string, now: Date) =>
  trx
    .insertInto('refresh_token_family')
    .values({ member_id: memberId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Serialises every refresh of one session: rotation, grace and revocation decide under this lock. */
export const lockFamily = (trx: Transaction<Database>, familyId: string) =>
  trx
    .selectFrom('refresh_token_family')
    .select(['id', 'member_id', 'revoked_at'])
    .where('id', '=', familyId)
    .forUpdate()
    .executeTakeFirst();

/**
 * Whether the member may hold a session: locked for share, so a back-office block (which updates the
 * row) and a sign-in or refresh decide one after the other — a session is never started or renewed
 * by a transaction that began before a block committed and ends after it.
 */
export const memberAccess = (trx: Transaction<Database>, memberId: string) =>
  trx
    .selectFrom('member')
    .select(['blocked_at', 'language'])
    .where('id', '=', memberId)
    .forShare()
    .executeTakeFirst();

/** The member's sessions not revoked, locked (their refreshes wait for the revoking transaction). */
export const lockActiveFamilies = (trx: Transaction<Database>, memberId: string) =>
  trx
    .selectFrom('refresh_token_family')
    .select('id')
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();

/** Sessions that can still refresh: not revoked, holding a token neither revoked nor expired. */
export const countLiveFamilies = async (db: Db, memberId: string, now: Date): Promise<number> => {
  const row = await db
    .selectFrom('refresh_token_family as f')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('f.member_id', '=', memberId)
    .where('f.revoked_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_token as t')
          .select('t.id')
          .whereRef('t.family_id', '=', 'f.id')
          .where('t.revoked_at', 'is', null)
          .where('t.expires_at', '>', now),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const findFamily = (db: Db, familyId: string) =>
  db
    .selectFrom('refresh_token_family')
    .select(['id', 'revoked_at'])
    .where('id', '=', familyId)
    .executeTakeFirst();

export const insertToken = (
  trx: Transaction<Database>,
  row: { familyId: string; memberId: string; tokenHash: string; now: Date; expiresAt: Date },
) =>
  trx
    .insertInto('refresh_token')
    .values({
      family_id: row.familyId,
      member_id: row.memberId,
      token_hash: row.tokenHash,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const findTokenByHash = (db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> =>
  db.selectFrom('refresh_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export const markRotated = (trx: Transaction<Database>, id: string, now: Date, replacedBy: string) =>
  trx
    .updateTable('refresh_token')
    .set({ rotated_at: now, last_used_at: now, replaced_by: replacedBy })
    .where('id', '=', id)
    .execute();

export const markUsed = (trx: Transaction<Database>, id: string, now: Date) =>
  trx.updateTable('refresh_token').set({ last_used_at: now }).where('id', '=', id).execute();

export const revokeFamily = async (
  trx: Transaction<Database>,
  familyId: string,
  now: Date,
  reason: string,
) => {
  await trx
    .updateTable('refresh_token_family')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  await trx
    .updateTable('refresh_token')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
};
