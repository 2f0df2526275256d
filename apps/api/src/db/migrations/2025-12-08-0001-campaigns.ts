import { sql, type Kysely } from 'kysely';

/*
 * Campaign messages. A campaign is a bilingual title and body (optionally a link to a
 * voucher or privilege, optionally an e-mail too) for a segment of members, sent now or at a set time.
 *
 * `campaign_delivery` holds one row per (campaign, member), the primary key: written when the send
 * starts (the segment is evaluated once, then), with `seq` numbering the recipients so each batch job
 * owns a fixed range. A batch marks its rows delivered (`delivered_at is null` → now) and writes the
 * members' notifications in the same transaction, so a retried job or a second worker on the same
 * range finds the rows already delivered and writes nothing: at most once per member.
 * The campaign's counters move in those same transactions, so they are exact while it runs.
 * `member_id` has no foreign key: a member deleted mid-send leaves their row, which the batch marks
 * skipped (with a cascade the row would vanish and the counters never add up to the recipients).
 *
 * Indexes for the segments and the dashboard: order lines by store, paid orders, ledger rows and
 * wallet uses by time (every dashboard figure is a range scan of one of them).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table campaign (
    id uuid primary key default gen_random_uuid(),
    title_en text not null,
    title_th text not null,
    body_en text not null,
    body_th text not null,
    link_kind text check (link_kind in ('voucher', 'privilege')),
    link_id uuid,
    send_email boolean not null default false,
    segment jsonb not null,
    status text not null check (status in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
    scheduled_at timestamptz,
    started_at timestamptz,
    finished_at timestamptz,
    cancelled_at timestamptz,
    recipients int not null default 0,
    delivered int not null default 0,
    skipped int not null default 0,
    emails_sent int not null default 0,
    emails_failed int not null default 0,
    staff_id uuid references staff(id) on delete set null,
    staff_email text not null,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    check ((link_kind is null) = (link_id is null))
  )`.execute(db);
  await sql`create index campaign_created_idx on campaign (created_at desc, id desc)`.execute(db);
  await sql`create table campaign_delivery (
    campaign_id uuid not null references campaign(id) on delete cascade,
    member_id uuid not null,
    seq int not null,
    delivered_at timestamptz,
    skipped boolean not null default false,
    email_state text check (email_state in ('pending', 'sending', 'sent', 'failed')),
    primary key (campaign_id, member_id)
  )`.execute(db);
  await sql`create unique index campaign_delivery_seq_idx on campaign_delivery (campaign_id, seq)`.execute(
    db,
  );
  await sql`create index if not exists campaign_order_item_merchant_idx on purchase_order_item (merchant_id, order_id)`.execute(
    db,
  );
  await sql`create index if not exists dashboard_order_paid_idx on purchase_order (paid_at) where paid_at is not null`.execute(
    db,
  );
  await sql`create index if not exists dashboard_points_created_idx on points_ledger (created_at)`.execute(
    db,
  );
  await sql`create index if not exists dashboard_wallet_use_at_idx on wallet_use (used_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists dashboard_wallet_use_at_idx`.execute(db);
  await sql`drop index if exists dashboard_points_created_idx`.execute(db);
  await sql`drop index if exists dashboard_order_paid_idx`.execute(db);
  await sql`drop index if exists campaign_order_item_merchant_idx`.execute(db);
  await sql`drop table if exists campaign_delivery`.execute(db);
  await sql`drop table if exists campaign`.execute(db);
}
