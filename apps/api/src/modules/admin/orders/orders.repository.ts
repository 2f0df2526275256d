import type { AdminOrderQuerySchema } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { isUuid } from '../../../uuid.ts';

/* The back office's reads of orders: search, and everything an order's detail shows. */

type Db = Kysely<Database>;
export type OrderFilters = z.output<typeof AdminOrderQuerySchema>;

const BANGKOK_OFFSET = '+07:00';
/** A day means the Bangkok day; an instant is taken as it is. */
const startOf = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00${BANGKOK_OFFSET}` : v);
const endOf = (v: string) =>
  v.length === 10 ? new Date(startOf(v).getTime() + 86_400_000) : new Date(new Date(v).getTime() + 1);

const filtered = (db: Db, f: OrderFilters) => {
  let q = db.selectFrom('purchase_order as o').innerJoin('member as m', 'm.id', 'o.member_id');
  if (f.status) q = q.where('o.status', '=', f.status);
  if (f.from) q = q.where('o.created_at', '>=', startOf(f.from));
  if (f.to) q = q.where('o.created_at', '<', endOf(f.to));
  if (f.number) q = q.where(sql<string>`upper(o.number)`, '=', f.number.toUpperCase());
  if (f.member)
    q = isUuid(f.member)
      ? q.where('o.member_id', '=', f.member)
      : q.where(sql<string>`lower(m.email)`, '=', f.member.toLowerCase());
  if (f.storeId) {
    const storeId = f.storeId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('purchase_order_item as i')
          .select('i.id')
          .whereRef('i.order_id', '=', 'o.id')
          .where('i.merchant_id', '=', storeId),
      ),
    );
  }
  return q;
};

export const countOrders = async (db: Db, f: OrderFilters) =>
  Number(
    (
      await filtered(db, f)
        .select(sql<string | number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const refundedSum = sql<
  string | number
>`coalesce((select sum(r.amount) from refund r where r.order_id = o.id and r.status = 'succeeded'), 0)`;
const unitCount = sql<
  string | number
>`coalesce((select sum(i.quantity) from purchase_order_item i where i.order_id = o.id), 0)`;

export const listOrders = (db: Db, f: OrderFilters) =>
  filtered(db, f)
    .select([
      'o.id',
      'o.number',
      'o.status',
      'o.member_id',
      'm.email as member_email',
      'o.total',
      'o.created_at',
      'o.paid_at',
      refundedSum.as('refunded'),
      unitCount.as('item_count'),
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
export type OrderListRow = Awaited<ReturnType<typeof listOrders>>[number];

/** The stores of these orders' lines, by order. */
export const storesOf = async (db: Db, orderIds: readonly string[]) => {
  if (orderIds.length === 0) return new Map<string, Array<{ id: string; name: string }>>();
  const rows = await db
    .selectFrom('purchase_order_item as i')
    .innerJoin('merchant as mc', 'mc.id', 'i.merchant_id')
    .select(['i.order_id', 'mc.id', 'mc.name_en', 'mc.name_th'])
    .where('i.order_id', 'in', [...orderIds])
    .groupBy(['i.order_id', 'mc.id', 'mc.name_en', 'mc.name_th'])
    .orderBy('mc.id')
    .execute();
  const by = new Map<string, Array<{ id: string; name: string }>>();
  for (const r of rows) {
    const list = by.get(r.order_id) ?? [];
    list.push({ id: r.id, name: r.name_en || r.name_th || '' });
    by.set(r.order_id, list);
  }
  return by;
};

export const orderWithMember = (db: Db, orderId: string) =>
  db
    .selectFrom('purchase_order as o')
    .innerJoin('member as m', 'm.id', 'o.member_id')
    .selectAll('o')
    .select(['m.email as member_email', 'm.language as member_language'])
    .select([refundedSum.as('refunded'), unitCount.as('item_count')])
    .where('o.id', '=', orderId)
    .executeTakeFirst();

/** The order's lines with their titles (English, Thai when there is none) and their units' state. */
export const orderLines = (db: Db, orderId: string) =>
  db
    .selectFrom('purchase_order_item as i')
    .innerJoin('voucher as v', 'v.id', 'i.voucher_id')
    .innerJoin('merchant as mc', 'mc.id', 'i.merchant_id')
    .leftJoin('voucher_price_option as po', 'po.id', 'i.price_option_id')
    .select([
      'i.id',
      'i.voucher_id',
      'i.quantity',
      'i.unit_price',
      'i.points',
      'v.title_en',
      'v.title_th',
      'po.label_en',
      'po.label_th',
      'mc.id as merchant_id',
      'mc.name_en as merchant_en',
      'mc.name_th as merchant_th',
      sql<string | number>`(select count(*) from wallet_voucher w where w.order_item_id = i.id)`.as('issued'),
      sql<
        string | number
      >`(select count(*) from wallet_voucher w where w.order_item_id = i.id and w.used_count > 0)`.as('used'),
      sql<
        string | number
      >`(select count(*) from wallet_voucher w where w.order_item_id = i.id and w.voided_at is not null)`.as(
        'refunded',
      ),
      sql<
        string | number
      >`(select count(*) from wallet_voucher w where w.order_item_id = i.id and w.used_count = 0 and w.voided_at is null)`.as(
        'refundable',
      ),
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('i.position')
    .execute();

export const paymentOfOrder = (db: Db, orderId: string) =>
  db
    .selectFrom('payment')
    .select(['provider', 'provider_ref', 'channel_type', 'amount', 'status'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();

export const couponOfOrder = (db: Db, couponId: string | null) =>
  couponId
    ? db.selectFrom('coupon').select(['id', 'code']).where('id', '=', couponId).executeTakeFirst()
    : Promise.resolve(undefined);

export const orderEvents = (db: Db, orderId: string) =>
  db
    .selectFrom('order_event')
    .select(['at', 'kind', 'from_status', 'to_status', 'detail'])
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute();

/** The notifications sent about this order (its ending, its refunds). */
export const orderNotifications = (db: Db, memberId: string, orderId: string) =>
  db
    .selectFrom('notification')
    .select(['type', 'created_at'])
    .where('member_id', '=', memberId)
    .where(sql<string>`params->>'orderId'`, '=', orderId)
    .orderBy('created_at')
    .execute();

export const refundsWithLines = async (db: Db, orderId: string) => {
  const refunds = await db
    .selectFrom('refund')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const lines =
    refunds.length === 0
      ? []
      : await db
          .selectFrom('refund_item')
          .selectAll()
          .where(
            'refund_id',
            'in',
            refunds.map((r) => r.id),
          )
          .execute();
  return refunds.map((r) => ({
    ...r,
    lines: lines
      .filter((l) => l.refund_id === r.id)
      .map((l) => ({ itemId: l.order_item_id, quantity: l.quantity })),
  }));
};
export type RefundWithLines = Awaited<ReturnType<typeof refundsWithLines>>[number];
