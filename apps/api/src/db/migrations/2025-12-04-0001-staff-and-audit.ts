import { sql, type Kysely } from 'kysely';

/*
 * The back office's people and its trail. Staff are not members: their own accounts, stores, sessions
 * (opaque tokens kept as hashes, so a session ends the moment it is revoked) and second factor. The
 * audit log is append-only in the database itself: a trigger refuses every UPDATE, DELETE and TRUNCATE,
 * so not even a bug in the app can rewrite what a staff member did. Members gain a sign-in block.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table staff (
    id uuid primary key default gen_random_uuid(),
    email text not null unique check (email = lower(email)),
    name text not null,
    role text not null check (role in ('owner', 'marketing', 'support', 'store_staff')),
    language text not null default 'en' check (language in ('en', 'th')),
    status text not null default 'active' check (status in ('active', 'disabled')),
    totp_secret text,
    totp_confirmed_at timestamptz,
    totp_last_step integer,
    last_sign_in_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);

  await sql`create table staff_store (
    staff_id uuid not null references staff (id) on delete cascade,
    merchant_id uuid not null references merchant (id) on delete cascade,
    primary key (staff_id, merchant_id)
  )`.execute(db);

  await sql`create table staff_challenge (
    id uuid primary key default gen_random_uuid(),
    staff_id uuid not null references staff (id) on delete cascade,
    token_hash text not null unique,
    pending_totp_secret text,
    attempts integer not null default 0,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index staff_challenge_expires_at_idx on staff_challenge (expires_at)`.execute(db);

  await sql`create table staff_session (
    id uuid primary key default gen_random_uuid(),
    staff_id uuid not null references staff (id) on delete cascade,
    token_hash text not null unique,
    ip text,
    user_agent text,
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    revoked_reason text
  )`.execute(db);
  await sql`create index staff_session_staff_id_idx on staff_session (staff_id)`.execute(db);

  await sql`create table audit_log (
    id bigint generated always as identity primary key,
    at timestamptz not null,
    staff_id uuid references staff (id),
    staff_email text not null,
    action text not null,
    entity_type text not null,
    entity_id text,
    before jsonb,
    after jsonb,
    reason text,
    request_id text
  )`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_entity_idx on audit_log (entity_type, entity_id, at desc)`.execute(db);
  await sql`create index audit_log_staff_idx on audit_log (staff_id, at desc)`.execute(db);
  await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
    end
  $$`.execute(db);
  await sql`create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);

  await sql`alter table member add column blocked_at timestamptz, add column blocked_reason text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member drop column if exists blocked_at, drop column if exists blocked_reason`.execute(
    db,
  );
  await sql`drop table if exists audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
  await sql`drop table if exists staff_session, staff_challenge, staff_store, staff`.execute(db);
}
