import { sql, type Kysely } from 'kysely';

/*
 * Issue 12: notifications, stored as a type with parameters (rendered in the reader's language on
 * every read). `dedupe_key` is unique per member, so a producer retried or a daily job run twice
 * writes once. A row-level trigger moves the member's `notification_version` (the list's ETag) and the
 * one global `notification_changes` counter in the writer's transaction, for every insert, delete and
 * change of is_read, whoever writes; NOTIFY notification_changed (at commit) tells the embedded
 * database's process at once, other processes poll the counter (modules/notifications/versions.ts).
 * `notification_job` remembers up to when the new-privilege job has looked.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notification (
    id uuid primary key default gen_random_uuid(),
    member_id uuid not null references member(id) on delete cascade,
    type text not null,
    params jsonb not null default '{}'::jsonb,
    dedupe_key text not null,
    is_read boolean not null default false,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create unique index notification_dedupe_idx on notification (member_id, dedupe_key)`.execute(db);
  await sql`create index notification_member_created_idx on notification (member_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create table notification_version (
    member_id uuid primary key references member(id) on delete cascade,
    version bigint not null
  )`.execute(db);
  await sql`create table notification_changes (
    id int primary key check (id = 1),
    version bigint not null
  )`.execute(db);
  await sql`insert into notification_changes (id, version) values (1, 1)`.execute(db);
  await sql`create table notification_job (
    name text primary key,
    ran_until timestamptz not null
  )`.execute(db);
  await sql`
    create function notification_changed() returns trigger language plpgsql as $$
    declare
      m uuid := coalesce(new.member_id, old.member_id);
    begin
      if tg_op = 'UPDATE' and new.is_read is not distinct from old.is_read then
        return null;
      end if;
      insert into notification_version (member_id, version) values (m, 1)
        on conflict (member_id) do update set version = notification_version.version + 1;
      update notification_changes set version = version + 1 where id = 1;
      perform pg_notify('notification_changed', m::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger notification_version_moves
    after insert or update or delete on notification
    for each row execute function notification_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists notification_version_moves on notification`.execute(db);
  await sql`drop function if exists notification_changed()`.execute(db);
  await sql`drop table if exists notification_job`.execute(db);
  await sql`drop table if exists notification_changes`.execute(db);
  await sql`drop table if exists notification_version`.execute(db);
  await sql`drop table if exists notification`.execute(db);
}
