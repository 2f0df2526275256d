import { sql, type Kysely } from 'kysely';

/*
 * Web Push and the member's preferences kept on the server:
 * - member.notifications_enabled: the member's "notifications on" choice (on unless turned off), so a
 *   second device starts with it. The member's language was already on the row.
 * - push_subscription: one browser's push subscription (its endpoint is unique over everyone) and
 *   the member it belongs to; deleted when the push service says it is gone or the member turns
 *   notifications off.
 * - push_outbox: one row per notification and subscription still to be pushed. A trigger on
 *   notification fills it in the writer's transaction, whoever writes (notify(), the daily jobs'
 *   bulk inserts, campaigns), so a push exists exactly when its notification does; the push job sends
 *   them after commit. `attempt_after` null = due now; otherwise a lease or a retry's delay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column notifications_enabled boolean not null default true`.execute(db);
  await sql`create table push_subscription (
    id uuid primary key default gen_random_uuid(),
    member_id uuid not null references member(id) on delete cascade,
    endpoint text not null,
    p256dh text not null,
    auth text not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index push_subscription_endpoint_idx on push_subscription (endpoint)`.execute(db);
  await sql`create index push_subscription_member_idx on push_subscription (member_id)`.execute(db);
  await sql`create table push_outbox (
    id bigint generated always as identity primary key,
    notification_id uuid not null references notification(id) on delete cascade,
    subscription_id uuid not null references push_subscription(id) on delete cascade,
    attempts int not null default 0,
    attempt_after timestamptz
  )`.execute(db);
  await sql`create index push_outbox_due_idx on push_outbox (attempt_after nulls first, id)`.execute(db);
  await sql`create index push_outbox_notification_idx on push_outbox (notification_id)`.execute(db);
  await sql`create index push_outbox_subscription_idx on push_outbox (subscription_id)`.execute(db);
  await sql`
    create function push_outbox_fill() returns trigger language plpgsql as $$
    begin
      insert into push_outbox (notification_id, subscription_id)
        select new.id, s.id
        from push_subscription s join member m on m.id = s.member_id
        where s.member_id = new.member_id and m.notifications_enabled;
      return null;
    end $$`.execute(db);
  await sql`create trigger push_outbox_fills
    after insert on notification
    for each row execute function push_outbox_fill()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists push_outbox_fills on notification`.execute(db);
  await sql`drop function if exists push_outbox_fill()`.execute(db);
  await sql`drop table if exists push_outbox`.execute(db);
  await sql`drop table if exists push_subscription`.execute(db);
  await sql`alter table member drop column if exists notifications_enabled`.execute(db);
}
