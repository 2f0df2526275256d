import { sql, type Kysely } from 'kysely';
import { THAI_WORD_BREAKERS, THAI_WORD_BREAKER_STAND_INS } from './2025-11-23-0001-catalogue.ts';

/*
 * The back office's member search and points adjustments.
 *
 * Search: `member_search_key(…)` is one text of the member's e-mail, names and phone (the country
 * code's digits followed by the number without its leading 0, so `66812345678` and `812345678` are
 * both parts of it), keyed as catalogue_search_key keys (lower-cased, spaces collapsed, Thai tone
 * marks kept inside a word) — written out rather than called, so the index expression names no
 * function through the search_path (PostgreSQL 17 builds and analyses indexes with a bare one), and
 * the query keys its `q` with catalogue_search_key, the same rule. A pg_trgm GIN index on that expression serves `LIKE '%…%'` for any part of any of them, in
 * PGlite (its pg_trgm contrib) and PostgreSQL alike; queries of one or two characters read the rows.
 *
 * Adjustments: one row per staff adjustment, with the Idempotency-Key it was made with (unique per
 * member), so a double click adjusts once and answers the first adjustment again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trgm = rows[0]?.schema;
  if (!trgm) throw new Error('pg_trgm is missing (the catalogue migration installs it)');
  const trgmOps = sql.raw(`"${trgm.replaceAll('"', '""')}".gin_trgm_ops`);

  await sql`
    create function member_search_key(email text, first_name text, last_name text, phone_code text, phone_number text)
    returns text language sql immutable parallel safe
    as $$ select translate(regexp_replace(lower(
      email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' ||
      coalesce(ltrim(phone_code, '+'), '') || coalesce(ltrim(phone_number, '0'), '')), '\\s+', ' ', 'g'),
      ${sql.lit(THAI_WORD_BREAKERS)}, ${sql.lit(THAI_WORD_BREAKER_STAND_INS)}) $$`.execute(db);
  await sql`create index member_search_idx on member
    using gin (member_search_key(email, first_name, last_name, phone_code, phone_number) ${trgmOps})`.execute(
    db,
  );
  await sql`create index member_created_idx on member (created_at desc, id desc)`.execute(db);

  await sql`create table member_points_adjustment (
    id uuid primary key default gen_random_uuid(),
    member_id uuid not null references member (id) on delete cascade,
    staff_id uuid references staff (id),
    points integer not null check (points <> 0),
    reason text not null,
    balance_before integer not null,
    balance_after integer not null,
    idempotency_key text,
    request_hash text not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create unique index member_points_adjustment_key_idx on member_points_adjustment (member_id, idempotency_key)
    where idempotency_key is not null`.execute(db);
  await sql`create index member_points_adjustment_member_idx on member_points_adjustment (member_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists member_points_adjustment`.execute(db);
  await sql`drop index if exists member_created_idx`.execute(db);
  await sql`drop index if exists member_search_idx`.execute(db);
  await sql`drop function if exists member_search_key(text, text, text, text, text)`.execute(db);
}
