import { sql, type Kysely } from 'kysely';

/*
 * Rate-limit windows shared by every API process on one PostgreSQL server when no Redis is configured
 * (http/rate-limit-stores.ts). Keys are `<limiter>:<keyed hash>`: no e-mail address or IP in clear.
 * One row per open window; the index serves the sweep of ended ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limit_counter (
    key text primary key,
    count integer not null,
    reset_at timestamptz not null
  )`.execute(db);
  await sql`create index rate_limit_counter_reset_at_idx on rate_limit_counter (reset_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_limit_counter`.execute(db);
}
