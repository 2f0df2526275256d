import { sql, type Kysely } from 'kysely';

/*
 * A voucher's price is its lowest option, kept by a trigger. Two transactions adding options to one
 * voucher at once each read only their own new option (the other's was not yet committed), and the
 * later commit won: a ฿180 and a ฿240 option added together left the price at ฿240. The trigger now
 * locks the voucher row first; under READ COMMITTED each of its statements then reads what the
 * transaction it waited for committed, so the price is the true minimum whatever the order. The lock
 * is FOR NO KEY UPDATE (what the price update takes anyway): FOR UPDATE would deadlock with the key
 * share lock each option's foreign key already holds on the same row.
 */
const priceFromOptions = (lock: boolean) => sql`
  create or replace function voucher_price_from_options() returns trigger language plpgsql as $$
  declare vid uuid := coalesce(new.voucher_id, old.voucher_id);
  begin
    ${lock ? sql`perform 1 from voucher where id = vid for no key update;` : sql``}
    update voucher v set
      price = coalesce((select min(o.price) from voucher_price_option o where o.voucher_id = vid), v.price),
      has_price_options = exists (select 1 from voucher_price_option o where o.voucher_id = vid)
    where v.id = vid;
    if tg_op = 'UPDATE' and old.voucher_id is distinct from new.voucher_id then
      ${lock ? sql`perform 1 from voucher where id = old.voucher_id for no key update;` : sql``}
      update voucher v set
        price = coalesce((select min(o.price) from voucher_price_option o where o.voucher_id = old.voucher_id), v.price),
        has_price_options = exists (select 1 from voucher_price_option o where o.voucher_id = old.voucher_id)
      where v.id = old.voucher_id;
    end if;
    return null;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await priceFromOptions(true).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await priceFromOptions(false).execute(db);
}
