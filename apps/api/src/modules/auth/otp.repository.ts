import type { Kysely, Transaction } from 'kysely';
import type { Database, OtpCodeRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const findOtp = (db: Db, email: string, purpose: string): Promise<OtpCodeRow | undefined> =>
  db
    .selectFrom('otp_code')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .executeTakeFirst();

/** Locks the code row so two logins with the same code cannot both use it. */
export const lockOtp = (trx: Transaction<Database>, email: string, purpose: string) =>
  trx
    .selectFrom('otp_code')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();

/** One row per e-mail and purpose: a new code replaces the old one and resets its tries. */
export const upsertOtp = (db: Db, row: Omit<OtpCodeRow, 'attempts'>) =>
  db
    .insertInto('otp_code')
    .values({ ...row, attempts: 0 })
    .onConflict((oc) =>
      oc.columns(['email', 'purpose']).doUpdateSet({
        code_hash: row.code_hash,
        language: row.language,
        attempts: 0,
        expires_at: row.expires_at,
        created_at: row.created_at,
      }),
    )
    .execute();

export const countWrongTry = (trx: Transaction<Database>, email: string, purpose: string) =>
  trx
    .updateTable('otp_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .returning('attempts')
    .executeTakeFirstOrThrow();

export const deleteOtp = (db: Db, email: string, purpose: string, codeHash?: string) => {
  let q = db.deleteFrom('otp_code').where('email', '=', email).where('purpose', '=', purpose);
  if (codeHash) q = q.where('code_hash', '=', codeHash);
  return q.execute();
};
