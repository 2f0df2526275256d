import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * Records the SQL of every query run through `db` itself (the app's Kysely instance, which the test
 * app shares) until `stop()`: what a request costs in queries, to hold a "one query per page, not one
 * per row" rule. Queries inside a transaction run on an executor of their own and are not seen; the
 * job workers' queries are, so filter by what the query reads.
 */
export const recordQueries = (db: Kysely<Database>) => {
  type Execute = (query: CompiledQuery, ...rest: unknown[]) => Promise<QueryResult<unknown>>;
  const executor = db.getExecutor() as unknown as { executeQuery: Execute };
  const original = executor.executeQuery;
  const seen: string[] = [];
  executor.executeQuery = function (this: unknown, query, ...rest) {
    seen.push(query.sql);
    return original.call(this, query, ...rest);
  };
  return {
    /** The SQL of the queries so far that name `table`. */
    reading: (table: string) => seen.filter((text) => new RegExp(`\\b${table}\\b`).test(text)),
    stop: () => {
      executor.executeQuery = original;
    },
  };
};
