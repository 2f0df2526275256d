import { sql, type Kysely } from 'kysely';

/*
 * Buying (issue 10): the member's cart, orders and their items, coupon uses, payments and the
 * provider events already handled, the wallet's purchased vouchers, and the points ledger.
 *
 * Amounts are whole baht, like the catalogue. Counters that concurrency could push past a limit
 * (voucher.sold, coupon.used_count, wallet_voucher.used_count) carry CHECKs as a last line: the
 * services change them with conditional updates, and a CHECK turns a bug into an error, not a wrong row.
 */

export const ORDER_STATUSES = sql`('PENDING', 'IN_PROGRESS', 'SUCCESSFUL', 'FAILED', 'ERROR', 'CANCELLED')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_item')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('voucher_id', 'uuid', (c) => c.notNull().references('voucher.id').onDelete('cascade'))
    // No foreign key: an option removed from the voucher must leave the line in the cart, flagged
    // option_removed, not delete it behind the member's back.
    .addColumn('price_option_id', 'uuid')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One line per voucher and option: adding again adds to its quantity.
  await sql`create unique index cart_item_line_idx on cart_item (member_id, voucher_id, price_option_id) nulls not distinct`.execute(
    db,
  );

  await db.schema
    .createTable('purchase_order')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // What the member quotes to support: short, unique, no 0/O/1/I.
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${ORDER_STATUSES}`))
    .addColumn('checkout_type', 'text', (c) =>
      c.notNull().check(sql`checkout_type in ('single', 'multiple')`),
    )
    .addColumn('subtotal', 'integer', (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('discount', 'integer', (c) => c.notNull().check(sql`discount >= 0`))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('points_earned', 'integer', (c) => c.notNull().check(sql`points_earned >= 0`))
    .addColumn('coupon_id', 'uuid', (c) => c.references('coupon.id'))
    // NULL when the total is 0: nothing to pay.
    .addColumn('channel_code', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    // The receipt's language: the member's when they confirmed.
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'th')`))
    .addColumn('idempotency_key', 'text')
    // The request a key was first used with: the same key with another body is refused.
    .addColumn('request_hash', 'text')
    .addColumn('payment_expires_at', 'timestamptz')
    // Set by the one request that asks the provider for this order's charge (a lease of 30 s), so
    // concurrent Confirms and status checks create one charge, not one each.
    .addColumn('charge_claimed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('receipt_sent_at', 'timestamptz')
    .addCheckConstraint('purchase_order_total', sql`total = subtotal - discount`)
    .execute();
  await sql`create unique index purchase_order_idempotency_idx on purchase_order (member_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('purchase_order_member_created_idx')
    .on('purchase_order')
    .columns(['member_id', 'created_at'])
    .execute();
  // The sweeper's two questions: unpaid orders past their expiry, paid orders not yet issued.
  await sql`create index purchase_order_open_idx on purchase_order (status, payment_expires_at) where status in ('PENDING', 'IN_PROGRESS', 'ERROR')`.execute(
    db,
  );

  await db.schema
    .createTable('purchase_order_item')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('purchase_order.id').onDelete('cascade'))
    .addColumn('voucher_id', 'uuid', (c) => c.notNull().references('voucher.id'))
    .addColumn('price_option_id', 'uuid', (c) => c.references('voucher_price_option.id'))
    .addColumn('merchant_id', 'uuid', (c) => c.notNull().references('merchant.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    // Prices and points as they were when the order was made.
    .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn('unit_points', 'integer', (c) => c.notNull().check(sql`unit_points >= 0`))
    // The cart line it came from: removed from the cart when the order succeeds.
    .addColumn('cart_item_id', 'uuid')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_order_item_order_idx')
    .on('purchase_order_item')
    .columns(['order_id', 'position'])
    .execute();

  // Foreign keys read when a voucher, coupon or order row goes (and by the sweeper's joins).
  await db.schema.createIndex('cart_item_voucher_idx').on('cart_item').column('voucher_id').execute();
  await db.schema
    .createIndex('purchase_order_item_voucher_idx')
    .on('purchase_order_item')
    .column('voucher_id')
    .execute();
  await db.schema.createIndex('purchase_order_coupon_idx').on('purchase_order').column('coupon_id').execute();

  await db.schema
    .createTable('coupon_use')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey().references('purchase_order.id').onDelete('cascade'))
    .addColumn('coupon_id', 'uuid', (c) => c.notNull().references('coupon.id'))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // reserved with the order, used when it succeeds, released when it does not.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('reserved', 'used', 'released')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coupon_use_member_coupon_idx')
    .on('coupon_use')
    .columns(['member_id', 'coupon_id', 'status'])
    .execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('purchase_order.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('channel_type', 'text', (c) => c.notNull().check(sql`channel_type in ('promptpay', 'card')`))
    // The provider's charge id.
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'successful', 'failed', 'expired', 'cancelled')`),
    )
    .addColumn('qr_payload', 'text')
    .addColumn('authorize_uri', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('payment_provider_ref_key', ['provider', 'provider_ref'])
    .execute();
  // One live charge per order: Confirm retried creates no second one.
  await db.schema.createIndex('payment_order_idx').on('payment').column('order_id').unique().execute();

  // A provider's webhook event handled once: the same event again has no second effect.
  await db.schema
    .createTable('payment_event')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_event_pk', ['provider', 'event_id'])
    .execute();

  // The sandbox provider's own books: what a real gateway keeps on its side.
  await db.schema
    .createTable('sandbox_charge')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('channel_code', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'successful', 'failed', 'expired', 'cancelled')`),
    )
    .addColumn('failure_code', 'text')
    .addColumn('return_uri', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wallet_voucher')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('purchase_order.id'))
    .addColumn('order_item_id', 'uuid', (c) => c.notNull().references('purchase_order_item.id'))
    // Which unit of its order line (0 … quantity-1): issuing twice issues nothing new.
    .addColumn('unit', 'integer', (c) => c.notNull().check(sql`unit >= 0`))
    .addColumn('voucher_id', 'uuid', (c) => c.notNull().references('voucher.id'))
    .addColumn('price_option_id', 'uuid', (c) => c.references('voucher_price_option.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
    // NULL = unlimited.
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit >= 1`))
    .addColumn('used_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used_count >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('wallet_voucher_uses', sql`usage_limit is null or used_count <= usage_limit`)
    .addUniqueConstraint('wallet_voucher_unit_key', ['order_item_id', 'unit'])
    .execute();
  await db.schema.createIndex('wallet_voucher_order_idx').on('wallet_voucher').column('order_id').execute();
  await db.schema
    .createIndex('wallet_voucher_member_created_idx')
    .on('wallet_voucher')
    .columns(['member_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('points_ledger')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('earn', 'burn', 'expire', 'reverse', 'adjust')`),
    )
    // Signed: earn and reverse of a burn add, burn and expire take away.
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.references('purchase_order.id'))
    .addColumn('privilege_id', 'uuid', (c) => c.references('privilege.id'))
    // Earned points: when they lapse.
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('points_ledger_member_created_idx')
    .on('points_ledger')
    .columns(['member_id', 'created_at'])
    .execute();
  // An order earns once and is reversed once, however often its job runs.
  await sql`create unique index points_ledger_order_kind_idx on points_ledger (order_id, kind) where order_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'points_ledger',
    'wallet_voucher',
    'sandbox_charge',
    'payment_event',
    'payment',
    'coupon_use',
    'purchase_order_item',
    'purchase_order',
    'cart_item',
  ])
    await db.schema.dropTable(table).execute();
}
