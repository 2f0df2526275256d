import { sql, type Kysely } from 'kysely';

/*
 * The shop's counter and point-of-sale systems:
 * - member.card_number: the number on the member card (16 digits, the last a Luhn check digit so a
 *   mistyped number is told from another member's), given by the database to every member, old and new.
 * - pos_api_key: a store's keys, kept only as a SHA-256 hash of a 256-bit random secret.
 * - wallet_use says where a use was made: the store, and the staff member or API key, and the
 *   counter's Idempotency-Key (namespaced by who sent it, unique over everyone).
 * - pos_points_award: points for an in-store purchase, once per (store, Idempotency-Key); its ledger
 *   row names it (unique), so the award and its points commit together or not at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function member_card_number() returns text language plpgsql volatile as $$
    declare
      body text := '';
      total int := 0;
      d int;
      i int;
    begin
      body := (floor(random() * 9) + 1)::int::text;
      for i in 2..15 loop
        body := body || floor(random() * 10)::int::text;
      end loop;
      -- Luhn over the 15 digits: from the right, every other digit (starting with the last) doubled.
      for i in 1..15 loop
        d := substr(body, 16 - i, 1)::int;
        if i % 2 = 1 then
          d := d * 2;
          if d > 9 then d := d - 9; end if;
        end if;
        total := total + d;
      end loop;
      return body || ((10 - total % 10) % 10)::text;
    end $$`.execute(db);
  await sql`alter table member add column card_number text not null default member_card_number()`.execute(db);
  await sql`create unique index member_card_number_idx on member (card_number)`.execute(db);

  await sql`
    create table pos_api_key (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchant (id) on delete cascade,
      name text not null,
      prefix text not null,
      key_hash text not null unique,
      created_at timestamptz not null,
      created_by_staff_id uuid references staff (id) on delete set null,
      created_by_email text not null,
      last_used_at timestamptz,
      revoked_at timestamptz,
      revoked_by_email text
    )`.execute(db);
  await sql`create index pos_api_key_merchant_idx on pos_api_key (merchant_id, created_at)`.execute(db);

  await sql`alter table wallet_use
    add column merchant_id uuid references merchant (id) on delete set null,
    add column staff_id uuid references staff (id) on delete set null,
    add column pos_key_id uuid references pos_api_key (id) on delete set null,
    add column counter_key text`.execute(db);
  await sql`create unique index wallet_use_counter_key_idx on wallet_use (counter_key) where counter_key is not null`.execute(
    db,
  );

  await sql`
    create table pos_points_award (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchant (id) on delete cascade,
      pos_key_id uuid references pos_api_key (id) on delete set null,
      member_id uuid not null references member (id) on delete cascade,
      amount_satang bigint not null check (amount_satang > 0),
      points integer not null check (points >= 0),
      reference text,
      idempotency_key text not null,
      request_hash text not null,
      created_at timestamptz not null,
      unique (merchant_id, idempotency_key)
    )`.execute(db);
  await sql`create index pos_points_award_member_idx on pos_points_award (member_id)`.execute(db);
  await sql`alter table points_ledger add column pos_award_id uuid references pos_points_award (id) on delete set null`.execute(
    db,
  );
  await sql`create unique index points_ledger_pos_award_idx on points_ledger (pos_award_id) where pos_award_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists points_ledger_pos_award_idx`.execute(db);
  await sql`alter table points_ledger drop column if exists pos_award_id`.execute(db);
  await sql`drop table if exists pos_points_award`.execute(db);
  await sql`drop index if exists wallet_use_counter_key_idx`.execute(db);
  await sql`alter table wallet_use
    drop column if exists counter_key,
    drop column if exists pos_key_id,
    drop column if exists staff_id,
    drop column if exists merchant_id`.execute(db);
  await sql`drop table if exists pos_api_key`.execute(db);
  await sql`drop index if exists member_card_number_idx`.execute(db);
  await sql`alter table member drop column if exists card_number`.execute(db);
  await sql`drop function if exists member_card_number()`.execute(db);
}
