import type { Language, PurchaseHistory } from '@app/contracts';
import { sql } from 'kysely';
import { inPeriod, type Period } from '../../db/period.ts';
import { voucherCards } from '../catalogue/index.ts';
import type { Db } from './orders.repository.ts';

/*
 * The orders' part of the member's history (modules/history merges it with uses and points): a key
 * query the history's UNION ALL pages over, and the page's entries read back by id. Every order the
 * member made is listed, whatever its status: the row says where it stands.
 */

/** (id, created_at) of the member's orders in the period. */
export const purchaseHistoryKeys = (db: Db, memberId: string, period: Period) =>
  inPeriod(
    db
      .selectFrom('purchase_order as o')
      .select([sql<string>`o.id::text`.as('id'), 'o.created_at'])
      .where('o.member_id', '=', memberId),
    'o.created_at',
    period,
  );

/**
 * The member's orders among `ids` as history entries, in `lang` (another member's ids give nothing).
 * Each entry names every line of its order, so an order of a ticket and two lattes reads as both.
 */
export const purchaseHistoryEntries = async (
  db: Db,
  memberId: string,
  ids: readonly string[],
  lang: Language,
): Promise<Map<string, PurchaseHistory>> => {
  if (ids.length === 0) return new Map();
  const orders = await db
    .selectFrom('purchase_order as o')
    .select(['o.id', 'o.created_at', 'o.number', 'o.status', 'o.total'])
    .where('o.member_id', '=', memberId)
    .where('o.id', 'in', [...ids])
    .execute();
  if (orders.length === 0) return new Map();
  const lines = await db
    .selectFrom('purchase_order_item')
    .select(['order_id', 'voucher_id', 'quantity'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  const cards = await voucherCards(db, [...new Set(lines.map((l) => l.voucher_id))], lang);
  const linesOf = new Map<string, PurchaseHistory['items']>();
  for (const l of lines) {
    const item = {
      voucherId: l.voucher_id,
      title: cards.get(l.voucher_id)?.title ?? '',
      quantity: l.quantity,
    };
    const list = linesOf.get(l.order_id);
    if (list) list.push(item);
    else linesOf.set(l.order_id, [item]);
  }
  return new Map(
    orders.map((o) => {
      const items = linesOf.get(o.id) ?? [];
      const first = items[0] ? cards.get(items[0].voucherId) : undefined;
      return [
        o.id,
        {
          kind: 'purchase' as const,
          id: o.id,
          createdAt: o.created_at.toISOString(),
          orderNumber: o.number,
          status: o.status,
          total: o.total,
          quantity: items.reduce((sum, i) => sum + i.quantity, 0),
          title: first?.title ?? '',
          imageUrl: first?.imageUrl ?? '',
          items,
        },
      ];
    }),
  );
};

/** Order numbers of the member's orders among `ids` (points movements name the order they came from). */
export const orderNumbers = async (
  db: Db,
  memberId: string,
  ids: readonly string[],
): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('purchase_order')
    .select(['id', 'number'])
    .where('member_id', '=', memberId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.number]));
};
