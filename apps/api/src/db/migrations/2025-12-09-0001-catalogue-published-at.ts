import { sql, type Kysely } from 'kysely';

/*
 * `published_at` for rows written outside the back office: the demo and bench seeds and test fixtures
 * insert catalogue rows with the column's default status 'published' and no published_at (on a fresh
 * database the seed runs after 2025-12-07-0001, so its backfill never saw them). A BEFORE INSERT
 * trigger gives such a row its creation time, so "published" always comes with a first-publication
 * time (the editor shows it; the cart tells never-published drafts by it). The back office writes
 * drafts with no published_at and sets it on the first Publish.
 */

const TABLES = ['voucher', 'privilege', 'coupon', 'banner'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function catalogue_published_at() returns trigger language plpgsql as $$
    begin
      if new.status = 'published' and new.published_at is null then
        new.published_at := new.created_at;
      end if;
      return new;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_published_at`)} before insert on ${sql.table(table)}
      for each row execute function catalogue_published_at()`.execute(db);
    await sql`update ${sql.table(table)} set published_at = created_at
      where status = 'published' and published_at is null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await sql`drop trigger if exists ${sql.id(`${table}_published_at`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists catalogue_published_at()`.execute(db);
}
