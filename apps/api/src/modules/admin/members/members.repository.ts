import { sql, type Insertable, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { newestFirst } from '../../../db/newest-first.ts';
import type { Database, MemberPointsAdjustmentTable } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * The back office's own reads over members, their ledger and notifications. Writes go through the
 * owning modules (points, auth, member); only the adjustments table is this area's.
 */

/** LIKE's own characters in the staff member's text are literal. */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The migration's indexed expression (2025-12-06-0001): the query must repeat it exactly for the
 * pg_trgm index to serve it. `q` is keyed by catalogue_search_key, the same rule written out there.
 */
const SEARCH_KEY = sql`member_search_key(m.email, m.first_name, m.last_name, m.phone_code, m.phone_number)`;

export interface MemberSearch {
  /** Each matched as a part of the member's e-mail, names or phone (any one is enough). */
  terms: string[];
  /** Members matched another way (the member of an order number). */
  memberIds: string[];
}

const searched = (db: Db, s: MemberSearch | null) => {
  const q = db.selectFrom('member as m');
  if (!s) return q;
  return q.where((eb) =>
    eb.or([
      ...s.terms.map(
        (t) => sql<boolean>`${SEARCH_KEY} like '%' || catalogue_search_key(${escapeLike(t)}) || '%'`,
      ),
      ...(s.memberIds.length > 0 ? [eb('m.id', 'in', s.memberIds)] : []),
      // Nothing to match on (a query of no usable characters) finds nobody, not everybody.
      sql<boolean>`false`,
    ]),
  );
};

export const countMembers = async (db: Db, s: MemberSearch | null): Promise<number> => {
  const row = await searched(db, s)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const searchMembers = (db: Db, s: MemberSearch | null, page: { limit: number; offset: number }) =>
  searched(db, s)
    .select([
      'm.id',
      'm.email',
      'm.first_name',
      'm.last_name',
      'm.phone_code',
      'm.phone_number',
      'm.tier',
      'm.blocked_at',
      'm.created_at',
    ])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export type MemberSearchRow = Awaited<ReturnType<typeof searchMembers>>[number];

/** The member who placed the order with this number (numbers are unique), if any. */
export const memberOfOrderNumber = async (db: Db, number: string): Promise<string | undefined> =>
  (await db.selectFrom('purchase_order').select('member_id').where('number', '=', number).executeTakeFirst())
    ?.member_id;

/** How many rows of `table` are the member's (a member list's total). */
const countOfMember = async (
  db: Db,
  table: 'points_ledger' | 'notification',
  memberId: string,
): Promise<number> =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** One page of the member's rows of the query's table, newest first. */
const memberRowsPage = <TB extends 'points_ledger' | 'notification', O>(
  query: SelectQueryBuilder<Database, TB, O>,
  memberId: string,
  page: { limit: number; offset: number },
) =>
  newestFirst(query.where(sql.ref('member_id'), '=', memberId))
    .limit(page.limit)
    .offset(page.offset)
    .execute();

/** Every ledger row of the member, newest first (the ledger as written: no grouping). */
export const ledgerPage = (db: Db, memberId: string, page: { limit: number; offset: number }) =>
  memberRowsPage(
    db
      .selectFrom('points_ledger')
      .select(['id', 'kind', 'points', 'reason', 'order_id', 'privilege_id', 'expires_at', 'created_at']),
    memberId,
    page,
  );

export const countLedger = (db: Db, memberId: string) => countOfMember(db, 'points_ledger', memberId);

/** Every notification of the member, newest first (the member's own list shows the latest 50). */
export const notificationPage = (db: Db, memberId: string, page: { limit: number; offset: number }) =>
  memberRowsPage(
    db.selectFrom('notification').select(['id', 'type', 'params', 'is_read', 'created_at']),
    memberId,
    page,
  );

export const countNotifications = (db: Db, memberId: string) => countOfMember(db, 'notification', memberId);

export const adjustmentByKey = (db: Db, memberId: string, key: string) =>
  db
    .selectFrom('member_points_adjustment')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

export const insertAdjustment = (trx: Db, row: Insertable<MemberPointsAdjustmentTable>) =>
  trx.insertInto('member_points_adjustment').values(row).returningAll().executeTakeFirstOrThrow();

export type AdjustmentRow = Awaited<ReturnType<typeof insertAdjustment>>;
