import { sql, type SelectQueryBuilder } from 'kysely';

/** Bangkok days already turned into instants: `from` included, `until` excluded; null = open on that side. */
export interface Period {
  from: Date | null;
  until: Date | null;
}

/** The rows of `query` whose `column` (alias.column) falls in the period. */
export const inPeriod = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  period: Period,
): SelectQueryBuilder<DB, TB, O> => {
  let q = query;
  if (period.from) q = q.where(sql.ref(column), '>=', period.from);
  if (period.until) q = q.where(sql.ref(column), '<', period.until);
  return q;
};
