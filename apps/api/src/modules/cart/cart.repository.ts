import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isUuid } from '../../uuid.ts';

/*
 * The cart's SQL: plain functions taking `db` or a transaction first; none opens a transaction.
 * Every read and write names the member, so a line id of another member matches nothing.
 */

type Db = Kysely<Database>;

export interface CartLineRow {
  id: string;
  voucher_id: string;
  price_option_id: string | null;
  quantity: number;
  created_at: Date;
}

const lines = (db: Db, memberId: string) =>
  db
    .selectFrom('cart_item')
    .select(['id', 'voucher_id', 'price_option_id', 'quantity', 'created_at'])
    .where('member_id', '=', memberId);

/** The member's lines, newest first (ties, lines added by one call, in a stable order). */
export const memberLines = (db: Db, memberId: string): Promise<CartLineRow[]> =>
  lines(db, memberId).orderBy('created_at', 'desc').orderBy('id').execute();

/** The member's lines among `ids` (non-uuids and others' ids match nothing), newest first. */
export const memberLinesIn = (db: Db, memberId: string, ids: readonly string[]): Promise<CartLineRow[]> => {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return Promise.resolve([]);
  return lines(db, memberId).where('id', 'in', wanted).orderBy('created_at', 'desc').orderBy('id').execute();
};

/** An arbitrary fixed number: the first key of the cart's advisory locks (the second is the member). */
const CART_LOCK = 1_010_001;

/**
 * Serialises one member's cart changes until the transaction ends, so "at most CART_MAX_LINES lines"
 * holds under concurrent adds. An advisory lock rather than a row lock on `member`: the cart does not
 * reach into another module's table. Members whose ids hash alike merely wait for each other.
 */
export const lockMemberCart = async (trx: Db, memberId: string): Promise<void> => {
  await sql`select pg_advisory_xact_lock(${CART_LOCK}, hashtext(${memberId}))`.execute(trx);
};

/**
 * Adds `quantity` units to the member's line of this voucher and option, creating it when absent —
 * one statement on the unique index cart_item_line_idx (NULLS NOT DISTINCT: "no option" is one line
 * too), so two concurrent adds end as one line. The sum must stay within `max`; undefined when it
 * would not (nothing changed). A new line must itself fit: the caller checks `quantity <= max`.
 */
export const addToLine = async (
  trx: Db,
  line: { memberId: string; voucherId: string; priceOptionId: string | null; quantity: number; max: number },
  now: Date,
): Promise<{ id: string; quantity: number } | undefined> =>
  trx
    .insertInto('cart_item')
    .values({
      member_id: line.memberId,
      voucher_id: line.voucherId,
      price_option_id: line.priceOptionId,
      quantity: line.quantity,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'voucher_id', 'price_option_id'])
        .doUpdateSet((eb) => ({
          quantity: eb('cart_item.quantity', '+', eb.ref('excluded.quantity')),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where((eb) => eb(eb('cart_item.quantity', '+', eb.ref('excluded.quantity')), '<=', line.max)),
    )
    .returning(['id', 'quantity'])
    .executeTakeFirst();

export const setLineQuantity = (trx: Db, memberId: string, id: string, quantity: number, now: Date) =>
  trx
    .updateTable('cart_item')
    .set({ quantity, updated_at: now })
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .execute();

/** Deletes the member's lines among `ids`; how many went. */
export const deleteLines = async (trx: Db, memberId: string, ids: readonly string[]): Promise<number> => {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return 0;
  const result = await trx
    .deleteFrom('cart_item')
    .where('member_id', '=', memberId)
    .where('id', 'in', wanted)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};

/**
 * Takes `quantity` units off each line (a paid order's lines): a line keeps what was added to it after
 * checkout, and goes only when nothing is left.
 */
export const takeFromLines = async (
  trx: Db,
  memberId: string,
  lines: readonly { id: string; quantity: number }[],
  now: Date,
): Promise<void> => {
  for (const l of lines) {
    if (!isUuid(l.id)) continue;
    await trx
      .deleteFrom('cart_item')
      .where('member_id', '=', memberId)
      .where('id', '=', l.id)
      .where('quantity', '<=', l.quantity)
      .execute();
    await trx
      .updateTable('cart_item')
      .set((eb) => ({ quantity: eb('quantity', '-', l.quantity), updated_at: now }))
      .where('member_id', '=', memberId)
      .where('id', '=', l.id)
      .where('quantity', '>', l.quantity)
      .execute();
  }
};

export const deleteAllLines = (trx: Db, memberId: string) =>
  trx.deleteFrom('cart_item').where('member_id', '=', memberId).execute();
