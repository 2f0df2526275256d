import { sql, type Kysely } from 'kysely';

/*
 * Which use of its item a use was (1 = the first), written with the use from the count the item's row
 * lock made it: a counter's or POS's replayed Idempotency-Key answers the uses left as they were right
 * after that use, whatever was used since and however close in time the uses were. Older uses have
 * none (null): their number is counted from the uses' times.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wallet_use add column use_number integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wallet_use drop column if exists use_number`.execute(db);
}
