import { sql, type RawBuilder } from 'kysely';

/*
 * Text search: `q` is matched as a substring of `search_text` (titles, merchant and category names,
 * both languages), which the database keeps as catalogue_search_key(…) — lower-cased, spaces
 * collapsed, Thai tone marks mapped to letters. The same SQL function is applied to `q` here, so both
 * sides agree by construction, and `LIKE '%…%'` on the column is served by its pg_trgm GIN index.
 * Queries of one or two characters have no trigram and read the rows instead (still correct).
 */

/** LIKE's own characters in the member's text are literal. */
export const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export const matchesSearch = (column: string, q: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} like '%' || catalogue_search_key(${escapeLike(q)}) || '%'`;
