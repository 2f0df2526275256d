import {
  dayNumberOf,
  type HistoryEntry,
  type HistoryFilters,
  type Language,
  type Page,
  type PointsHistoryFilters,
  type PointsMovement,
} from '@app/contracts';
import { sql, type Expression, type Kysely } from 'kysely';
import { endOfBangkokDay } from '../../calendar.ts';
import type { Period } from '../../db/period.ts';
import type { Database } from '../../db/schema.ts';
import { privilegeCards } from '../catalogue/index.ts';
import { orderNumbers, purchaseHistoryEntries, purchaseHistoryKeys } from '../orders/index.ts';
import { pointsHistoryKeys, pointsMovements, type PointsMovementRow } from '../points/index.ts';
import { useHistoryEntries, useHistoryKeys } from '../wallet/index.ts';

/*
 * The member's history over three modules' rows. Each module gives a key query — (id, created_at)
 * of its rows for this member and period — and reads its own entries back by id. Here the keys, each
 * with its source's rank, are put together with UNION ALL, sorted by (created_at, rank, id) — a total
 * order, so page 2 continues page 1 exactly — and cut with LIMIT/OFFSET; the total is a count over
 * the same union.
 * Only a page's ids are then read in full.
 */

type Db = Kysely<Database>;
/** A module's key query: its rows' (id, created_at) for this member and period. */
type Keys = Expression<{ id: string; created_at: Date }>;
type Paging = { page: number; limit: number; orderDir: 'ASC' | 'DESC' };

/** Bangkok days as instants: from the start of startDate to the start of the day after endDate. */
export const periodOf = (f: { startDate?: string | undefined; endDate?: string | undefined }): Period => {
  const start = f.startDate === undefined ? null : dayNumberOf(f.startDate);
  const end = f.endDate === undefined ? null : dayNumberOf(f.endDate);
  return {
    from: start === null ? null : new Date(endOfBangkokDay(start - 1).getTime() + 1),
    until: end === null ? null : new Date(endOfBangkokDay(end).getTime() + 1),
  };
};

/** Rows of the same instant go by rank (oldest first): an order's earn reads after the order. */
const RANK = { purchase: 0, use: 1, points: 2 } as const;

const pageOfKeys = async (db: Db, sources: Array<[rank: number, keys: Keys]>, p: Paging) => {
  const ranked = sources.map(
    ([rank, keys]) => sql`select ${sql.lit(rank)} as rank, k.id, k.created_at from ${keys} k`,
  );
  const [first, ...rest] = ranked;
  if (!first) return { keys: [], total: 0 };
  const union = rest.reduce((u, k) => sql`${u} union all ${k}`, first);
  const h = sql<{ rank: number; id: string; created_at: Date }>`(${union})`.as('h');
  const dir = p.orderDir === 'ASC' ? sql`asc` : sql`desc`;
  const [keys, count] = await Promise.all([
    db
      .selectFrom(h)
      .select(['h.rank', 'h.id'])
      .orderBy(sql`h.created_at ${dir}, h.rank ${dir}, h.id ${dir}`)
      .limit(p.limit)
      .offset((p.page - 1) * p.limit)
      .execute(),
    db
      .selectFrom(h)
      .select(sql<string | number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { keys, total: Number(count.n) };
};

const pageFrom = <T>(items: T[], total: number, p: Paging): Page<T> => ({
  items,
  page: p.page,
  limit: p.limit,
  total,
  totalPages: Math.ceil(total / p.limit),
});

/** Points rows as the member reads them: the order's number and the privilege's title added. */
const presentMovements = async (
  db: Db,
  memberId: string,
  rows: PointsMovementRow[],
  lang: Language,
): Promise<Map<string, PointsMovement>> => {
  const [numbers, cards] = await Promise.all([
    orderNumbers(
      db,
      memberId,
      rows.flatMap((r) => (r.orderId ? [r.orderId] : [])),
    ),
    privilegeCards(
      db,
      rows.flatMap((r) => (r.privilegeId ? [r.privilegeId] : [])),
      lang,
    ),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        kind: 'points' as const,
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        movement: r.movement,
        points: r.points,
        orderId: r.orderId,
        orderNumber: r.orderId ? (numbers.get(r.orderId) ?? null) : null,
        privilegeId: r.privilegeId,
        title: r.privilegeId ? (cards.get(r.privilegeId)?.title ?? null) : null,
        expiresAt: r.expiresAt?.toISOString() ?? null,
      },
    ]),
  );
};

/** The page's keys in order, each replaced by its entry; one whose row went meanwhile is left out. */
const inOrder = <T>(
  keys: Array<{ rank: number; id: string }>,
  entryOf: (rank: number, id: string) => T | undefined,
) =>
  keys.flatMap((k) => {
    const e = entryOf(Number(k.rank), k.id);
    return e ? [e] : [];
  });

/** GET /bff/orders/histories: purchases, uses and points movements of this member. */
export const historyPage = async (
  db: Db,
  memberId: string,
  f: HistoryFilters,
  lang: Language,
): Promise<Page<HistoryEntry>> => {
  const period = periodOf(f);
  const wants = (type: HistoryFilters['type']) => f.type === 'all' || f.type === type;
  const sources: Array<[number, Keys]> = [];
  if (wants('purchase')) sources.push([RANK.purchase, purchaseHistoryKeys(db, memberId, period)]);
  if (wants('use')) sources.push([RANK.use, useHistoryKeys(db, memberId, period)]);
  if (wants('points')) sources.push([RANK.points, pointsHistoryKeys(db, memberId, period)]);
  const { keys, total } = await pageOfKeys(db, sources, f);
  const ids = (rank: number) => keys.filter((k) => Number(k.rank) === rank).map((k) => k.id);
  const [purchases, uses, movements] = await Promise.all([
    purchaseHistoryEntries(db, memberId, ids(RANK.purchase), lang),
    useHistoryEntries(db, memberId, ids(RANK.use), lang),
    pointsMovements(db, memberId, ids(RANK.points)).then((m) =>
      presentMovements(db, memberId, [...m.values()], lang),
    ),
  ]);
  const entries: Array<Map<string, HistoryEntry>> = [purchases, uses, movements];
  return pageFrom(
    inOrder(keys, (rank, id) => entries[rank]?.get(id)),
    total,
    f,
  );
};

/** GET /bff/orders/histories/point: this member's points movements only. */
export const pointsHistoryPage = async (
  db: Db,
  memberId: string,
  f: PointsHistoryFilters,
  lang: Language,
): Promise<Page<PointsMovement>> => {
  const { keys, total } = await pageOfKeys(
    db,
    [[RANK.points, pointsHistoryKeys(db, memberId, periodOf(f), f.type)]],
    f,
  );
  const rows = await pointsMovements(
    db,
    memberId,
    keys.map((k) => k.id),
  );
  const movements = await presentMovements(db, memberId, [...rows.values()], lang);
  return pageFrom(
    inOrder(keys, (_rank, id) => movements.get(id)),
    total,
    f,
  );
};
