import type { Kysely, Transaction } from 'kysely';
import type { Database, StaffRow } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const findStaffByEmail = (db: Db, email: string): Promise<StaffRow | undefined> =>
  db.selectFrom('staff').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findStaffById = (db: Db, id: string): Promise<StaffRow | undefined> =>
  db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();

export const lockStaff = (trx: Transaction<Database>, id: string): Promise<StaffRow | undefined> =>
  trx.selectFrom('staff').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/**
 * Locks every active owner and returns their ids. A change that could remove an owner takes these
 * locks first, so two owners disabling each other at once are serialised and the second sees one owner.
 */
export const lockActiveOwners = async (trx: Transaction<Database>): Promise<string[]> =>
  (
    await trx
      .selectFrom('staff')
      .select('id')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .orderBy('id')
      .forUpdate()
      .execute()
  ).map((r) => r.id);

export const storeIdsOf = async (db: Db, staffId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('staff_store')
      .select('merchant_id')
      .where('staff_id', '=', staffId)
      .orderBy('merchant_id')
      .execute()
  ).map((r) => r.merchant_id);

export const replaceStores = async (trx: Transaction<Database>, staffId: string, storeIds: string[]) => {
  await trx.deleteFrom('staff_store').where('staff_id', '=', staffId).execute();
  if (storeIds.length > 0)
    await trx
      .insertInto('staff_store')
      .values(storeIds.map((merchant_id) => ({ staff_id: staffId, merchant_id })))
      .execute();
};

/** The ids among `ids` that are real stores (merchants). */
export const existingMerchantIds = async (db: Db, ids: string[]): Promise<Set<string>> =>
  ids.length === 0
    ? new Set()
    : new Set(
        (await db.selectFrom('merchant').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
      );

/** Ends every live session of a staff member; returns how many were ended. */
export const revokeSessionsOf = async (
  trx: Db,
  staffId: string,
  now: Date,
  reason: string,
): Promise<number> => {
  const res = await trx
    .updateTable('staff_session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
};
