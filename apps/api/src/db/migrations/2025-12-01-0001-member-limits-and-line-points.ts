import { sql, type Kysely } from 'kysely';

/*
 * A voucher's limits per member: units in one order (`limit_per_order`) and units over all of the
 * member's orders that still count — pending, paid or issued, not failed or cancelled
 * (`limit_per_member`); null = no limit. Each order line keeps the points it earns (`points`), worked
 * out from the price actually paid for it (after its share of a coupon's discount), so the order's
 * points are the sum of its lines'. Lines written before keep what they earned then.
 *
 * A voucher's `points_earned` becomes its own earn rate, optional: null follows the programme's rate
 * (1 point per full ฿25 paid). A voucher whose points were just that rate on its price is set to null,
 * so its options and discounted sales follow the programme's rate exactly.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table voucher
    add column limit_per_order integer check (limit_per_order > 0),
    add column limit_per_member integer check (limit_per_member > 0)`.execute(db);
  await sql`alter table purchase_order_item add column points integer not null default 0 check (points >= 0)`.execute(
    db,
  );
  await sql`update purchase_order_item set points = unit_points * quantity`.execute(db);
  await sql`alter table voucher alter column points_earned drop not null, alter column points_earned drop default`.execute(
    db,
  );
  await sql`update voucher set points_earned = null where points_earned = floor(price / 25)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update voucher set points_earned = floor(price / 25) where points_earned is null`.execute(db);
  await sql`alter table voucher alter column points_earned set default 0, alter column points_earned set not null`.execute(
    db,
  );
  await sql`alter table purchase_order_item drop column points`.execute(db);
  await sql`alter table voucher drop column limit_per_order, drop column limit_per_member`.execute(db);
}
