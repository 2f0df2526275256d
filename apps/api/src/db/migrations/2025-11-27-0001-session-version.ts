import { sql, type Kysely } from 'kysely';

/*
 * What lets every app process keep "is this session still active?" in memory (modules/auth/
 * session-cache.ts) without accepting a revoked session beyond a bound: `session_version`, one row
 * moved by a statement-level trigger on every update, delete or truncate of `refresh_token_family`
 * (the only table the answer reads), in the writer's transaction, plus NOTIFY session_changed
 * (delivered at commit: an immediate signal on the embedded database). Processes poll the row.
 * A row of its own, not `catalogue_version`: logins and revocations must not empty the catalogue's
 * caches, nor catalogue writes the sessions'. Inserts do not move it: a new family has a new random
 * id, and no access token names it before its insert committed, so no answer about it was kept.
 * Rotations write `refresh_token` only and do not move it either.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table session_version (
    id int primary key check (id = 1),
    version bigint not null
  )`.execute(db);
  await sql`insert into session_version (id, version) values (1, 1)`.execute(db);
  await sql`
    create function session_changed() returns trigger language plpgsql as $$
    begin
      update session_version set version = version + 1 where id = 1;
      perform pg_notify('session_changed', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger refresh_token_family_session_changed
    after update or delete or truncate on refresh_token_family
    for each statement execute function session_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists refresh_token_family_session_changed on refresh_token_family`.execute(db);
  await sql`drop function if exists session_changed()`.execute(db);
  await sql`drop table if exists session_version`.execute(db);
}
