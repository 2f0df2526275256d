import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * Lists read newest first, rows made in the same instant by id, so a page never repeats or skips a
 * row of the one before. `alias` names the table the query reads `created_at` and `id` of, if any.
 */
export const newestFirst = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  alias?: string,
) => {
  const col = (c: string) => sql.ref(alias ? `${alias}.${c}` : c);
  return query.orderBy(col('created_at'), 'desc').orderBy(col('id'), 'desc');
};
