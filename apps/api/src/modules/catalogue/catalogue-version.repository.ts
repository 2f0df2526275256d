import { sql } from 'kysely';
import type { Db } from './query-parts.ts';

/**
 * When the clock alone next changes some answer: the soonest start after `now` (an item, banner or
 * coupon begins; lists move it out of "not started") and the soonest end at or after `now` (it ends
 * just after that instant: lists drop it). null = none ahead. Asked after every change to the
 * catalogue (each purchase moves a stock), so each minimum must be an index probe, not a scan.
 */
export const windowEdgesQuery = (now: Date) => {
  const starts = (table: string, column: string) =>
    sql`(select min(${sql.ref(column)}) from ${sql.table(table)} where ${sql.ref(column)} > ${now})`;
  const ends = (table: string, column: string) =>
    sql`(select min(${sql.ref(column)}) from ${sql.table(table)} where ${sql.ref(column)} >= ${now})`;
  return sql<{ next_start: Date | null; next_end: Date | null }>`select
    least(${starts('voucher', 'sale_starts_at')}, ${starts('privilege', 'valid_from')},
      ${starts('banner', 'starts_at')}, ${starts('coupon', 'starts_at')}) as next_start,
    least(${ends('voucher', 'sale_ends_at')}, ${ends('privilege', 'valid_until')},
      ${ends('banner', 'ends_at')}, ${ends('coupon', 'ends_at')}) as next_end`;
};

export const nextWindowEdges = async (db: Db, now: Date) => {
  const { rows } = await windowEdgesQuery(now).execute(db);
  return { nextStart: rows[0]?.next_start ?? null, nextEnd: rows[0]?.next_end ?? null };
};
