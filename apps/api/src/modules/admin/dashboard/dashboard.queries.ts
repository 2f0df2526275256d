import { TIERS, type Dashboard, type DashboardDay, type Tier } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { BANGKOK_OFFSET_MS } from '@app/contracts/dates';

/*
 * Every figure is aggregated in the database, each query a range scan of one indexed time column
 * (purchase_order.paid_at, wallet_use.used_at, points_ledger.created_at) grouped by Asia/Bangkok day.
 */

const DAY_MS = 86_400_000;
const TOP = 10;

/** `YYYY-MM-DD` (a Bangkok day) → its first instant. */
export const startOfBangkokDay = (day: string): Date =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - BANGKOK_OFFSET_MS);
const dayOf = (start: Date) => new Date(start.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);

const n = (v: unknown) => Number(v ?? 0);
const bkkDay = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Bangkok', 'YYYY-MM-DD')`);

/**
 * The range's TOP best sellers (vouchers, or the stores they belong to) with their names in both
 * languages: units and sales of the paid orders' lines, most sales first. The top vouchers and the
 * top stores differ only in the key and the name's columns.
 */
const bestSellers = (db: Kysely<Database>, of: 'voucher' | 'merchant', start: Date, end: Date) => {
  const [key, en, th] =
    of === 'voucher'
      ? (['voucher_id', 'title_en', 'title_th'] as const)
      : (['merchant_id', 'name_en', 'name_th'] as const);
  const k = sql.ref(`i.${key}`);
  return sql<{
    id: string;
    en: string | null;
    th: string | null;
    units: string | number;
    sales: string | number;
  }>`
      select x.id, ${sql.ref(`x.${en}`)} as en, ${sql.ref(`x.${th}`)} as th, t.units, t.sales
      from (
        select ${k}, sum(i.quantity) as units, sum(i.quantity * i.unit_price) as sales
        from purchase_order o join purchase_order_item i on i.order_id = o.id
        where o.paid_at >= ${start} and o.paid_at < ${end}
        group by ${k} order by sales desc, ${k} limit ${TOP}
      ) t join ${sql.table(of)} x on x.id = ${sql.ref(`t.${key}`)}
      order by t.sales desc, x.id`.execute(db);
};

type Counts = Omit<DashboardDay, 'day'>;
const zero = (): Counts => ({
  orders: 0,
  sales: 0,
  redemptions: 0,
  pointsIssued: 0,
  pointsSpent: 0,
  pointsGivenBack: 0,
  pointsExpired: 0,
});

export const dashboardFor = async (
  db: Kysely<Database>,
  range: { from: string; to: string; now: Date; bahtPerPoint: number },
): Promise<Dashboard> => {
  const start = startOfBangkokDay(range.from);
  const end = new Date(startOfBangkokDay(range.to).getTime() + DAY_MS);
  const byDay = new Map<string, Counts>();
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) byDay.set(dayOf(new Date(t)), zero());
  const at = (day: string) => byDay.get(day) ?? zero();

  const [sales, uses, points, liability, tiers, vouchers, stores] = await Promise.all([
    sql<{ day: string; orders: string | number; sales: string | number }>`
      select ${bkkDay('paid_at')} as day, count(*) as orders, coalesce(sum(total), 0) as sales
      from purchase_order where paid_at >= ${start} and paid_at < ${end}
      group by 1`.execute(db),
    sql<{ day: string; uses: string | number }>`
      select ${bkkDay('used_at')} as day, count(*) as uses
      from wallet_use where used_at >= ${start} and used_at < ${end}
      group by 1`.execute(db),
    // Spent is what burns took; a give-back (a reverse row naming the burn it undoes) is its own figure,
    // on the day it happened, so a day's spending is never rewritten by a refund on a later day.
    sql<{
      day: string;
      issued: string | number;
      spent: string | number;
      given_back: string | number;
      expired: string | number;
    }>`
      select ${bkkDay('created_at')} as day,
        coalesce(sum(points) filter (where kind in ('earn', 'adjust') and bucket_id is null and points > 0), 0) as issued,
        coalesce(-sum(points) filter (where kind = 'burn'), 0) as spent,
        coalesce(sum(points) filter (where kind = 'reverse' and reverses_id is not null), 0) as given_back,
        coalesce(-sum(points) filter (where kind = 'expire'), 0) as expired
      from points_ledger where created_at >= ${start} and created_at < ${end}
      group by 1`.execute(db),
    // What the unexpired buckets still hold: each bucket's points plus the rows that moved them.
    sql<{ points: string | number }>`
      select coalesce(sum(b.points + coalesce(r.moved, 0)), 0) as points
      from points_ledger b
      left join (
        select bucket_id, sum(points) as moved from points_ledger where bucket_id is not null group by bucket_id
      ) r on r.bucket_id = b.id
      where b.bucket_id is null and (b.expires_at is null or b.expires_at >= ${range.now})`.execute(db),
    sql<{
      tier: Tier;
      members: string | number;
    }>`select tier, count(*) as members from member group by tier`.execute(db),
    bestSellers(db, 'voucher', start, end),
    bestSellers(db, 'merchant', start, end),
  ]);

  for (const r of sales.rows) Object.assign(at(r.day), { orders: n(r.orders), sales: n(r.sales) });
  for (const r of uses.rows) at(r.day).redemptions = n(r.uses);
  for (const r of points.rows)
    Object.assign(at(r.day), {
      pointsIssued: n(r.issued),
      pointsSpent: n(r.spent),
      pointsGivenBack: n(r.given_back),
      pointsExpired: n(r.expired),
    });
  const days = [...byDay].map(([day, c]) => ({ day, ...c }));
  const totals = zero();
  for (const d of days) for (const k of Object.keys(totals) as (keyof Counts)[]) totals[k] += d[k];
  const liabilityPoints = n(liability.rows[0]?.points);
  const tierCounts = new Map(tiers.rows.map((r) => [r.tier, n(r.members)]));
  return {
    from: range.from,
    to: range.to,
    days,
    totals,
    liability: {
      points: liabilityPoints,
      baht: liabilityPoints * range.bahtPerPoint,
      bahtPerPoint: range.bahtPerPoint,
    },
    membersByTier: TIERS.map((tier) => ({ tier, members: tierCounts.get(tier) ?? 0 })),
    topVouchers: vouchers.rows.map((r) => ({
      id: r.id,
      title: { en: r.en, th: r.th },
      units: n(r.units),
      sales: n(r.sales),
    })),
    topStores: stores.rows.map((r) => ({
      id: r.id,
      name: { en: r.en, th: r.th },
      units: n(r.units),
      sales: n(r.sales),
    })),
  };
};
