import type { PointsMovementKind } from '@app/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { inPeriod, type Period } from '../../db/period.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * The points' part of the member's history (modules/history merges it and adds order numbers and
 * privilege titles). One movement is what one step wrote: a burn that took from three buckets is
 * three ledger rows but one redemption to the member, and the daily expiry's rows of one member are
 * one expiry. Rows are grouped by what they share — kind, instant, order, privilege — and a movement
 * is named by its smallest row id.
 */

export interface PointsMovementRow {
  id: string;
  createdAt: Date;
  movement: PointsMovementKind;
  points: number;
  orderId: string | null;
  privilegeId: string | null;
  expiresAt: Date | null;
}

/** (id, created_at) of the member's movements in [from, until), of `kind` unless 'all'. */
export const pointsHistoryKeys = (
  db: Db,
  memberId: string,
  period: Period,
  kind: PointsMovementKind | 'all' = 'all',
) => {
  let q = db
    .selectFrom('points_ledger as l')
    .select([sql<string>`min(l.id::text)`.as('id'), 'l.created_at'])
    .where('l.member_id', '=', memberId)
    // Two in-store purchases at one instant are two movements (each its own award).
    .groupBy(['l.kind', 'l.created_at', 'l.order_id', 'l.privilege_id', 'l.pos_award_id']);
  if (kind !== 'all') q = q.where('l.kind', '=', kind);
  return inPeriod(q, 'l.created_at', period);
};

/** The member's movements named by `ids` (from pointsHistoryKeys), each with its rows summed. */
export const pointsMovements = async (
  db: Db,
  memberId: string,
  ids: readonly string[],
): Promise<Map<string, PointsMovementRow>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('points_ledger as r')
    .innerJoin('points_ledger as p', (j) =>
      j
        .onRef('p.member_id', '=', 'r.member_id')
        .onRef('p.created_at', '=', 'r.created_at')
        .onRef('p.kind', '=', 'r.kind')
        .on(sql<boolean>`p.order_id is not distinct from r.order_id`)
        .on(sql<boolean>`p.privilege_id is not distinct from r.privilege_id`)
        .on(sql<boolean>`p.pos_award_id is not distinct from r.pos_award_id`),
    )
    .select((eb) => [
      'r.id',
      'r.kind',
      'r.created_at',
      // A refund's reversal names its refund, not the order (the order's own reverse row is unique):
      // the member still sees which order it was.
      sql<string | null>`coalesce(r.order_id, (select f.order_id from refund f where f.id = r.refund_id))`.as(
        'order_id',
      ),
      'r.privilege_id',
      eb.fn.sum<string | number>('p.points').as('points'),
      eb.fn.max('p.expires_at').as('expires_at'),
    ])
    .where('r.member_id', '=', memberId)
    .where('r.id', 'in', [...ids])
    .groupBy([
      'r.id',
      'r.kind',
      'r.created_at',
      'r.order_id',
      'r.refund_id',
      'r.privilege_id',
      'r.pos_award_id',
    ])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        createdAt: r.created_at,
        movement: r.kind,
        points: Number(r.points),
        orderId: r.order_id,
        privilegeId: r.privilege_id,
        expiresAt: r.expires_at,
      },
    ]),
  );
};
