import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
export { isUuid } from '../../uuid.ts';

/*
 * What the catalogue's repositories share. A repository is a set of plain functions that take `db`
 * (or a transaction) first, never open a transaction, and return rows of named columns; presenters
 * turn them into the wire shape field by field.
 */

export type Db = Kysely<Database> | Transaction<Database>;

/** Conditions joined by `and`; none at all is `true`. */
export const and = (conds: RawBuilder<unknown>[]): RawBuilder<boolean> =>
  conds.length ? sql<boolean>`(${sql.join(conds, sql` and `)})` : sql<boolean>`true`;

/** Ids as a comma-separated list of uuid parameters, for `in (…)`. */
export const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`));

/** `count(*) as n`; read it with countOf. */
export const COUNT = sql<string | number>`count(*)`.as('n');

/** The `n` of a count query as a number (pg answers a bigint count as a string). */
export const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string | number }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);

/** The row type of a query function's result (`RowOf<typeof merchantQuery>`). */
export type RowOf<Query extends (...args: never[]) => { execute(): Promise<unknown[]> }> = Awaited<
  ReturnType<ReturnType<Query>['execute']>
>[number];

export interface Paging {
  offset: number;
  limit: number;
}

/**
 * What every catalogue item (a voucher as `v`, a privilege as `p`) is named by: its id, store,
 * category and title in both languages — the columns both tables share under the same names.
 */
export const itemNameColumns = <A extends 'v' | 'p'>(a: A) =>
  [`${a}.id`, `${a}.merchant_id`, `${a}.category_id`, `${a}.title_en`, `${a}.title_th`] as const;

/** An item's description and terms in both languages. */
export const itemTextColumns = <A extends 'v' | 'p'>(a: A) =>
  [`${a}.description_en`, `${a}.description_th`, `${a}.terms_en`, `${a}.terms_th`] as const;
