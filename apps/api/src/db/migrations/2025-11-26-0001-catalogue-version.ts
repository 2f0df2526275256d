import { sql, type Kysely } from 'kysely';

/*
 * What lets every app process keep catalogue answers in memory without serving a stale one:
 * - `catalogue_version`, one row whose number moves on every statement that changes what the
 *   catalogue shows (a statement-level trigger on each such table, so a 100,000-row update moves it
 *   once). The row is updated in the writer's transaction, so a process that reads the new number is
 *   guaranteed to read the new data too; processes poll it (modules/catalogue/freshness.ts).
 * - The same trigger sends NOTIFY catalogue_changed, delivered at commit: on the embedded database,
 *   where every write happens in the app's own process, that is an immediate signal.
 * - member: a tier change moves what a member may have, a deletion ends their cached view.
 * - `<table>_window_ends_idx`: the next sale/validity end after now, read after every change to know
 *   when cached answers expire by the clock alone (an item starting or ending).
 */

const CATALOGUE_TABLES = [
  'category',
  'merchant',
  'voucher',
  'voucher_price_option',
  'voucher_image',
  'privilege',
  'privilege_image',
  'privilege_like',
  'coupon',
  'coupon_merchant',
  'coupon_voucher',
  'banner',
];

const trigger = (table: string) => sql.id(`${table}_catalogue_changed`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table catalogue_version (
    id int primary key check (id = 1),
    version bigint not null
  )`.execute(db);
  await sql`insert into catalogue_version (id, version) values (1, 1)`.execute(db);
  await sql`
    create function catalogue_changed() returns trigger language plpgsql as $$
    begin
      update catalogue_version set version = version + 1 where id = 1;
      perform pg_notify('catalogue_changed', '');
      return null;
    end $$`.execute(db);
  for (const table of CATALOGUE_TABLES)
    await sql`create trigger ${trigger(table)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function catalogue_changed()`.execute(db);
  await sql`create trigger member_catalogue_changed
    after update of tier or delete on member
    for each statement execute function catalogue_changed()`.execute(db);
  await sql`create index voucher_window_ends_idx on voucher (sale_ends_at) where sale_ends_at is not null`.execute(
    db,
  );
  await sql`create index privilege_window_ends_idx on privilege (valid_until) where valid_until is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists privilege_window_ends_idx`.execute(db);
  await sql`drop index if exists voucher_window_ends_idx`.execute(db);
  for (const table of [...CATALOGUE_TABLES, 'member'])
    await sql`drop trigger if exists ${trigger(table)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists catalogue_changed()`.execute(db);
  await sql`drop table if exists catalogue_version`.execute(db);
}
