import { sql, type Kysely } from 'kysely';

/*
 * Issue 11: each use of a wallet item is a row of its own (the usage history reads them). The count
 * that decides "used up" stays wallet_voucher.used_count, moved by one conditional UPDATE; this table
 * records when, and holds the Idempotency-Key that makes a retried tap count once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_use')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('wallet_voucher_id', 'uuid', (c) =>
      c.notNull().references('wallet_voucher.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('used_at', 'timestamptz', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .execute();
  // Unique per member: a second use with the same key loses the race here and rolls back its count.
  await sql`create unique index wallet_use_member_key_idx on wallet_use (member_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('wallet_use_voucher_idx')
    .on('wallet_use')
    .columns(['wallet_voucher_id', 'used_at'])
    .execute();
  await db.schema
    .createIndex('wallet_use_member_used_idx')
    .on('wallet_use')
    .columns(['member_id', 'used_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_use').execute();
}
