import { sql, type Kysely } from 'kysely';

/*
 * Refunds. A refund is a row with its own status: written `pending` (its wallet units held
 * as voided) before the provider is asked, then `succeeded` in one transaction with every effect, or
 * `failed` with its holds given back. The provider's refund id is kept, and the refund's id is the
 * provider's idempotency key, so a retry after a crash asks for the same refund, never a second one.
 *
 * - refund_item: which lines and how many units of each a refund covers.
 * - wallet_voucher.voided_at: a refunded unit is out of the wallet and cannot be used (the Use's
 *   conditional update requires it null); void_refund_id says which refund took it.
 * - points_ledger.refund_id: a refund's points reversal, once per refund (an order may be refunded
 *   line by line, so the order's own once-only reverse row cannot carry them).
 * - sandbox_refund: the sandbox gateway's own books of refunds; sandbox_charge.refund_outcome is its
 *   test switch (like a gateway's test cards) to make a charge's refunds fail or the gateway not answer.
 */

const STATUSES_WITH_REFUNDS = sql`('PENDING', 'IN_PROGRESS', 'SUCCESSFUL', 'FAILED', 'ERROR', 'CANCELLED', 'PARTIALLY_REFUNDED', 'REFUNDED')`;
const STATUSES_BEFORE = sql`('PENDING', 'IN_PROGRESS', 'SUCCESSFUL', 'FAILED', 'ERROR', 'CANCELLED')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table purchase_order drop constraint purchase_order_status_check`.execute(db);
  await sql`alter table purchase_order add constraint purchase_order_status_check check (status in ${STATUSES_WITH_REFUNDS})`.execute(
    db,
  );

  await db.schema
    .createTable('refund')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('purchase_order.id').onDelete('cascade'))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // Whole baht; 0 for an order that cost nothing (nothing to ask the provider).
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    // staff: from the back office; late_charge: a charge paid after its order was closed.
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('staff', 'late_charge')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'uuid', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('staff_email', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    // The request a key was first used with: the same key with another request is refused.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('points_reversed', 'integer', (c) => c.notNull().defaultTo(0))
    // What the refund should have taken back but the member had already spent (see docs/decisions.md).
    .addColumn('points_shortfall', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    // The member's refund mail went out (once; a crash before marking sends it again).
    .addColumn('mail_sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refund_order_idx').on('refund').columns(['order_id', 'created_at']).execute();
  // One refund at a time per order: amounts are worked out from what the others already took.
  await sql`create unique index refund_one_pending_idx on refund (order_id) where status = 'pending'`.execute(
    db,
  );

  await db.schema
    .createTable('refund_item')
    .addColumn('refund_id', 'uuid', (c) => c.notNull().references('refund.id').onDelete('cascade'))
    .addColumn('order_item_id', 'uuid', (c) =>
      c.notNull().references('purchase_order_item.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addPrimaryKeyConstraint('refund_item_pk', ['refund_id', 'order_item_id'])
    .execute();

  await db.schema
    .alterTable('wallet_voucher')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('void_refund_id', 'uuid', (c) => c.references('refund.id').onDelete('set null'))
    .execute();
  await sql`create index wallet_voucher_void_refund_idx on wallet_voucher (void_refund_id) where void_refund_id is not null`.execute(
    db,
  );

  await db.schema
    .alterTable('points_ledger')
    .addColumn('refund_id', 'uuid', (c) => c.references('refund.id').onDelete('cascade'))
    .execute();
  await sql`create unique index points_ledger_refund_idx on points_ledger (refund_id) where refund_id is not null`.execute(
    db,
  );

  // An order's timeline for the back office: every state move (written by moveOrder, the one place
  // orders move), its charge's changes and the provider's webhook deliveries, each in the transaction
  // that made it. Orders from before this table show what their own timestamps tell.
  await db.schema
    .createTable('order_event')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('purchase_order.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('status', 'payment', 'webhook')`))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    // kind-specific: the charge ref, a webhook's event id.
    .addColumn('detail', 'jsonb')
    .execute();
  await db.schema
    .createIndex('order_event_order_idx')
    .on('order_event')
    .columns(['order_id', 'at'])
    .execute();

  await db.schema
    .alterTable('sandbox_charge')
    .addColumn('refund_outcome', 'text', (c) => c.check(sql`refund_outcome in ('declined', 'unavailable')`))
    .execute();
  await db.schema
    .createTable('sandbox_refund')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('charge_ref', 'text', (c) => c.notNull().references('sandbox_charge.ref'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('succeeded', 'failed')`))
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_refund_charge_idx')
    .on('sandbox_refund')
    .column('charge_ref')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_event').execute();
  await db.schema.dropTable('sandbox_refund').execute();
  await db.schema.alterTable('sandbox_charge').dropColumn('refund_outcome').execute();
  await db.schema.alterTable('points_ledger').dropColumn('refund_id').execute();
  await db.schema.alterTable('wallet_voucher').dropColumn('void_refund_id').dropColumn('voided_at').execute();
  await db.schema.dropTable('refund_item').execute();
  await db.schema.dropTable('refund').execute();
  await sql`alter table purchase_order drop constraint purchase_order_status_check`.execute(db);
  await sql`alter table purchase_order add constraint purchase_order_status_check check (status in ${STATUSES_BEFORE})`.execute(
    db,
  );
}
