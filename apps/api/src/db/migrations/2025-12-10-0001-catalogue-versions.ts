import { sql, type Kysely } from 'kysely';

/*
 * An edit version on every row the back office's catalogue editor saves. Each editor save (update,
 * publish, unpublish, archive) adds 1 in the same UPDATE, and a save that names the version its form
 * was loaded at is refused when the row has moved on: two staff editing one row no longer overwrite
 * each other silently. Member-side writes (stock sold, likes, coupon uses) leave it alone — they are
 * not edits a form could lose. Existing rows start at 1.
 */

const TABLES = ['merchant', 'category', 'voucher', 'privilege', 'coupon', 'banner'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await sql`alter table ${sql.table(table)} add column version integer not null default 1
      check (version >= 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql`alter table ${sql.table(table)} drop column version`.execute(db);
}
