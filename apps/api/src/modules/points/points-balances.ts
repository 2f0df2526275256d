import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * pointsBalance for many members in one grouped query (a page of a list): the same figure, the sum
 * of each member's ledger; a member with no ledger row is 0.
 */
export const pointsBalances = async (db: Db, memberIds: readonly string[]): Promise<Map<string, number>> => {
  const balances = new Map<string, number>(memberIds.map((id) => [id, 0]));
  if (!memberIds.length) return balances;
  const rows = await db
    .selectFrom('points_ledger')
    .select((eb) => ['member_id', eb.fn.sum<string | number>('points').as('balance')])
    .where('member_id', 'in', [...new Set(memberIds)])
    .groupBy('member_id')
    .execute();
  for (const r of rows) balances.set(r.member_id, Number(r.balance));
  return balances;
};
