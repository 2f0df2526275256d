import type { Language, PurchaseHistory } from '@app/contracts';
import { sql } from 'kysely';
import { voucherCards } from '../catalogue/index.ts';
import type { Db } from './orders.repository.ts';

/*
 * The orders' part of the member's history (modules/history merges it with uses and points): a key
 * query the history's UNION ALL pages over, and the page's entries read back by id. Every order the
 * member made is listed, whatever its status: the row says where it stands.
 */

/** Bangkok days already turned into instants: `from` included, `until` excluded; null = open. */
export interface HistoryPeriod {
  from: Date | null;
  until: Date | null;
}

/** (id, created_at) of the member's orders in the period. */
export const purchaseHistoryKeys = (db: Db, memberId: string, period: HistoryPeriod) => {
  let q = db
    .selectFrom('purchase_order as o')
    .select([sql<string>`o.id::text`.as('id'), 'o.created_at'])
    .where('o.member_id', '=', memberId);
  if (period.from) q = q.where('o.created_at', '>=', period.from);
  if (period.until) q = q.where('o.created_at', '<', period.until);
  return q;
};

/** The member's orders among `ids` as history entries, in `lang` (another member's ids give nothing). */
export const purchaseHistoryEntries = async (
  db: Db,
  memberId: string,
  ids: readonly string[],
  lang: Language,
): Promise<Map<string, PurchaseHistory>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('purchase_order as o')
    .select((eb) => [
      'o.id',
      'o.created_at',
      'o.number',
      'o.status',
      'o.total',
      eb
        .selectFrom('purchase_order_item as i')
        .select((e) => e.fn.sum<string | number>('i.quantity').as('q'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('quantity'),
      eb
        .selectFrom('purchase_order_item as i')
        .select('i.voucher_id')
        .whereRef('i.order_id', '=', 'o.id')
        .orderBy('i.position')
        .limit(1)
        .as('first_voucher_id'),
    ])
    .where('o.member_id', '=', memberId)
    .where('o.id', 'in', [...ids])
    .execute();
  const cards = await voucherCards(
    db,
    rows.flatMap((r) => (r.first_voucher_id ? [r.first_voucher_id] : [])),
    lang,
  );
  return new Map(
    rows.map((r) => {
      const card = r.first_voucher_id ? cards.get(r.first_voucher_id) : undefined;
      return [
        r.id,
        {
          kind: 'purchase' as const,
          id: r.id,
          createdAt: r.created_at.toISOString(),
          orderNumber: r.number,
          status: r.status,
          total: r.total,
          quantity: Number(r.quantity ?? 0),
          title: card?.title ?? '',
          imageUrl: card?.imageUrl ?? '',
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
