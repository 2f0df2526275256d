import { sql, type Kysely } from 'kysely';

/*
 * Issue 11: a privilege redeemed with points becomes a wallet item beside bought vouchers — the same
 * code, validity and usage counting, so using one is the same step. A row is either a voucher bought
 * in an order (voucher_id, order_id, order_item_id) or a redeemed privilege (privilege_id), never both.
 * `redeem_key` is the redemption's Idempotency-Key: unique per member, so a retried redemption finds
 * the item it made instead of making another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['voucher_id', 'order_id', 'order_item_id'])
    await db.schema
      .alterTable('wallet_voucher')
      .alterColumn(column, (c) => c.dropNotNull())
      .execute();
  await db.schema
    .alterTable('wallet_voucher')
    .addColumn('privilege_id', 'uuid', (c) => c.references('privilege.id'))
    .addColumn('redeem_key', 'text')
    .execute();
  await db.schema
    .alterTable('wallet_voucher')
    .addCheckConstraint('wallet_voucher_kind', sql`(voucher_id is null) <> (privilege_id is null)`)
    .execute();
  await db.schema
    .alterTable('wallet_voucher')
    .addCheckConstraint(
      'wallet_voucher_bought',
      sql`voucher_id is null or (order_id is not null and order_item_id is not null)`,
    )
    .execute();
  await sql`create unique index wallet_voucher_redeem_key_idx on wallet_voucher (member_id, redeem_key) where redeem_key is not null`.execute(
    db,
  );
  await sql`create index wallet_voucher_privilege_idx on wallet_voucher (privilege_id) where privilege_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallet_voucher_privilege_idx').execute();
  await db.schema.dropIndex('wallet_voucher_redeem_key_idx').execute();
  await db.schema.alterTable('wallet_voucher').dropConstraint('wallet_voucher_bought').execute();
  await db.schema.alterTable('wallet_voucher').dropConstraint('wallet_voucher_kind').execute();
  await db.schema.alterTable('wallet_voucher').dropColumn('redeem_key').dropColumn('privilege_id').execute();
  for (const column of ['voucher_id', 'order_id', 'order_item_id'])
    await db.schema
      .alterTable('wallet_voucher')
      .alterColumn(column, (c) => c.setNotNull())
      .execute();
}
