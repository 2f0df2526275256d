import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import { addMonths, endOfBangkokQuarter } from '../../calendar.ts';
import { currentRules } from '../programme/index.ts';
import type { Database } from '../../db/schema.ts';
import { notify } from '../notifications/index.ts';
import { upgradeTier } from './tiers.ts';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * The points ledger is append-only: a balance is the sum of a member's rows. Rows are never updated
 * or deleted; a correction is a new row (reverse, adjust).
 *
 * Buckets: every positive row that is not a give-back (an earn, a positive adjust) is a bucket with its
 * own expiry, and `bucket_id` is null on it. Every other row (burn, expire, negative adjust, reverse)
 * names the bucket whose points it moved, so a bucket still holds its own points plus its rows' and
 * burns can take the earliest-expiring points first, one row per bucket touched.
 *
 * Every write for a member first locks that member's row (`for update`): concurrent earns, burns,
 * reversals and the expiry job queue behind one another, so each reads buckets no one else is moving
 * and the balance never goes below zero.
 */

/** The lifetime the programme started with (a programme rule since; the back office changes it). */
export const DEFAULT_POINTS_LIFETIME_MONTHS = 24;

/**
 * When points earned at `earnedAt` lapse: the last millisecond of the Bangkok quarter `months` later.
 * Earns and positive adjustments read the months from the rules in force when they are written.
 */
export const pointsExpiryFor = (earnedAt: Date, months: number = DEFAULT_POINTS_LIFETIME_MONTHS): Date =>
  endOfBangkokQuarter(addMonths(earnedAt, months));

const expiryNow = async (trx: Db, now: Date): Promise<Date> =>
  pointsExpiryFor(now, (await currentRules(trx)).pointsLifetimeMonths);

/** Queues every ledger write for this member behind the others (see above). */
export const lockMember = async (trx: Db, memberId: string): Promise<boolean> => {
  const row = await trx
    .selectFrom('member')
    .select('id')
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
};

const requireMember = async (trx: Db, memberId: string): Promise<void> => {
  if (!(await lockMember(trx, memberId))) throw new AppError('not_found');
};

export interface Bucket {
  id: string;
  expiresAt: Date | null;
  /** What the bucket still holds. */
  remaining: number;
}

/** The member's buckets with what each still holds, the earliest to expire first (never-expiring last). */
export const bucketsOf = async (db: Db, memberId: string): Promise<Bucket[]> => {
  const rows = await db
    .selectFrom('points_ledger as b')
    .select((eb) => [
      'b.id',
      'b.expires_at',
      sql<string | number>`b.points + coalesce((${eb
        .selectFrom('points_ledger as r')
        .select((e) => e.fn.sum<string | number>('r.points').as('s'))
        .whereRef('r.bucket_id', '=', 'b.id')}), 0)`.as('remaining'),
    ])
    .where('b.member_id', '=', memberId)
    .where('b.bucket_id', 'is', null)
    .orderBy(sql`b.expires_at asc nulls last`)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
  return rows.map((r) => ({ id: r.id, expiresAt: r.expires_at, remaining: Number(r.remaining) }));
};

/** A bucket is spendable through its expiry's last millisecond. */
const isLive = (b: Bucket, now: Date) => b.expiresAt === null || b.expiresAt.getTime() >= now.getTime();

/**
 * Writes an expire row for each of the member's buckets past its expiry with points left. The caller
 * holds the member's lock. Running it again writes nothing: those buckets then hold 0.
 */
export const expireDueFor = async (trx: Db, memberId: string, now: Date): Promise<number> => {
  const due = (await bucketsOf(trx, memberId)).filter((b) => !isLive(b, now) && b.remaining > 0);
  for (const b of due)
    await trx
      .insertInto('points_ledger')
      .values({
        member_id: memberId,
        kind: 'expire',
        points: -b.remaining,
        reason: 'expired',
        order_id: null,
        privilege_id: null,
        expires_at: null,
        created_at: now,
        bucket_id: b.id,
      })
      .execute();
  return due.reduce((s, b) => s + b.remaining, 0);
};

const assertWholePositive = (points: number) => {
  if (!Number.isSafeInteger(points) || points <= 0) throw new AppError('validation_failed');
};

/** Takes `points` from the live buckets, earliest expiry first; refuses (nothing written) when short. */
const takeFifo = async (
  trx: Db,
  t: {
    memberId: string;
    points: number;
    kind: 'burn' | 'adjust';
    reason: string;
    privilegeId: string | null;
    now: Date;
  },
): Promise<string[]> => {
  await expireDueFor(trx, t.memberId, t.now);
  const live = (await bucketsOf(trx, t.memberId)).filter((b) => isLive(b, t.now) && b.remaining > 0);
  if (live.reduce((s, b) => s + b.remaining, 0) < t.points) throw new AppError('insufficient_points');
  const ids: string[] = [];
  let left = t.points;
  for (const b of live) {
    if (left === 0) break;
    const take = Math.min(left, b.remaining);
    const row = await trx
      .insertInto('points_ledger')
      .values({
        member_id: t.memberId,
        kind: t.kind,
        points: -take,
        reason: t.reason,
        order_id: null,
        privilege_id: t.privilegeId,
        expires_at: null,
        created_at: t.now,
        bucket_id: b.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    left -= take;
  }
  return ids;
};

export interface BurnResult {
  /** The burn rows written (one per bucket touched): what `reversePoints({ burnRowIds })` gives back. */
  burnRowIds: string[];
  points: number;
}

/**
 * Spends `points` (a privilege redemption), earliest-expiring first. Short → AppError('insufficient_points')
 * and nothing written; expired buckets are expired first, never spent.
 */
export const burnPoints = async (
  trx: Db,
  b: { memberId: string; points: number; reason: string; privilegeId: string | null; now: Date },
): Promise<BurnResult> => {
  assertWholePositive(b.points);
  await requireMember(trx, b.memberId);
  const burnRowIds = await takeFifo(trx, { ...b, kind: 'burn' });
  return { burnRowIds, points: b.points };
};

/**
 * An order's earn row and what its bucket still holds: a cancelled order and a refund both take back
 * from there, never more than it holds (points spent or expired from it stay spent). Undefined: the
 * order earned nothing.
 */
const orderEarn = async (trx: Db, memberId: string, orderId: string) => {
  const earn = await trx
    .selectFrom('points_ledger')
    .select(['id', 'points'])
    .where('member_id', '=', memberId)
    .where('order_id', '=', orderId)
    .where('kind', '=', 'earn')
    .executeTakeFirst();
  if (!earn) return undefined;
  const bucket = (await bucketsOf(trx, memberId)).find((b) => b.id === earn.id);
  return { id: earn.id, points: earn.points, remaining: bucket?.remaining ?? 0 };
};

/** The `reverse` row taking `take` points out of earn bucket `bucketId`; the caller adds its order or refund. */
const takeBackRow = (r: { memberId: string; reason: string; now: Date }, bucketId: string, take: number) => ({
  member_id: r.memberId,
  kind: 'reverse' as const,
  points: -take,
  reason: r.reason,
  privilege_id: null,
  expires_at: null,
  created_at: r.now,
  bucket_id: bucketId,
});

export type ReverseInput = { memberId: string; reason: string; now: Date } & (
  | { orderId: string }
  | { burnRowIds: readonly string[] }
  | { refundId: string; refundOfOrderId: string; points: number }
);

/**
 * Gives back, once (a second call writes nothing; returns the points moved by this call):
 * - `orderId`: a cancelled or refunded order's earn is taken back — what its bucket still holds, up
 *   to what it earned. Points already spent or expired from it stay spent: the balance never goes
 *   below zero (unique order_id + kind makes it once).
 * - `burnRowIds`: a redemption that failed gets back what those burn rows took, each into the bucket
 *   it came from (so it keeps its original expiry; unique reverses_id makes it once).
 */
export const reversePoints = async (trx: Db, r: ReverseInput): Promise<number> => {
  await requireMember(trx, r.memberId);
  if ('refundId' in r) return reverseForRefund(trx, r);
  if ('orderId' in r) {
    const earn = await orderEarn(trx, r.memberId, r.orderId);
    if (!earn) return 0;
    const take = Math.min(earn.points, earn.remaining);
    if (take <= 0) return 0;
    const res = await trx
      .insertInto('points_ledger')
      .values({ ...takeBackRow(r, earn.id, take), order_id: r.orderId })
      .onConflict((oc) => oc.columns(['order_id', 'kind']).where('order_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return res ? take : 0;
  }
  if (r.burnRowIds.length === 0) return 0;
  const burns = await trx
    .selectFrom('points_ledger')
    .select(['id', 'points', 'bucket_id', 'privilege_id'])
    .where('member_id', '=', r.memberId)
    .where('kind', '=', 'burn')
    .where('id', 'in', [...r.burnRowIds])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('points_ledger as g')
            .select('g.id')
            .whereRef('g.reverses_id', '=', 'points_ledger.id'),
        ),
      ),
    )
    .execute();
  let given = 0;
  for (const b of burns) {
    await trx
      .insertInto('points_ledger')
      .values({
        member_id: r.memberId,
        kind: 'reverse',
        points: -b.points,
        reason: r.reason,
        order_id: null,
        privilege_id: b.privilege_id,
        expires_at: null,
        created_at: r.now,
        bucket_id: b.bucket_id,
        reverses_id: b.id,
      })
      .execute();
    given -= b.points;
  }
  return given;
};

/**
 * A refund's share of what an order earned (`refundId`: once per refund, unique refund_id), taken from
 * that order's own bucket up to what it still holds. Points already spent or expired from it stay
 * spent — the balance never goes below zero; the refund records the shortfall (docs/decisions.md).
 * The row names no order (the order's one `reverse` row is unique), but its refund does.
 */
const reverseForRefund = async (
  trx: Db,
  r: {
    memberId: string;
    reason: string;
    now: Date;
    refundId: string;
    refundOfOrderId: string;
    points: number;
  },
): Promise<number> => {
  if (r.points <= 0) return 0;
  const earn = await orderEarn(trx, r.memberId, r.refundOfOrderId);
  if (!earn) return 0;
  const take = Math.min(r.points, earn.remaining);
  if (take <= 0) return 0;
  const res = await trx
    .insertInto('points_ledger')
    .values({ ...takeBackRow(r, earn.id, take), order_id: null, refund_id: r.refundId })
    .onConflict((oc) => oc.column('refund_id').where('refund_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res ? take : 0;
};

/**
 * A staff correction (the back office's points adjustment): positive → a new bucket with the expiry the
 * rules give; negative → taken earliest-expiring first like a burn, refused when the balance is short.
 */
export const adjustPoints = async (
  trx: Db,
  a: { memberId: string; points: number; reason: string; now: Date },
): Promise<void> => {
  if (!Number.isSafeInteger(a.points) || a.points === 0) throw new AppError('validation_failed');
  await requireMember(trx, a.memberId);
  if (a.points < 0) {
    await takeFifo(trx, { ...a, points: -a.points, kind: 'adjust', privilegeId: null });
    return;
  }
  await trx
    .insertInto('points_ledger')
    .values({
      member_id: a.memberId,
      kind: 'adjust',
      points: a.points,
      reason: a.reason,
      order_id: null,
      privilege_id: null,
      expires_at: await expiryNow(trx, a.now),
      created_at: a.now,
    })
    .execute();
};

/**
 * Credits what an order earns, once: a second call for the same order (a retried job) adds nothing
 * (unique order_id + kind). Nothing is written for 0 points. An earn that lifts the member's rolling
 * 12 months over a tier's threshold raises member.tier in the same transaction.
 */
export const earnForOrder = async (
  trx: Db,
  e: { memberId: string; orderId: string; orderNumber: string; points: number; now: Date },
): Promise<void> => {
  if (e.points <= 0) return;
  await requireMember(trx, e.memberId);
  const row = await trx
    .insertInto('points_ledger')
    .values({
      member_id: e.memberId,
      kind: 'earn',
      points: e.points,
      reason: `order ${e.orderNumber}`,
      order_id: e.orderId,
      privilege_id: null,
      expires_at: await expiryNow(trx, e.now),
      created_at: e.now,
    })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).where('order_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return;
  await notify(trx, {
    memberId: e.memberId,
    type: 'points_earned',
    params: { number: e.orderNumber, points: e.points },
    dedupeKey: `points_earned:${e.orderId}`,
    now: e.now,
  });
  await upgradeTier(trx, e.memberId, e.now);
};

/** The member's balance: the sum of their ledger. */
export const pointsBalance = async (db: Db, memberId: string): Promise<number> => {
  const row = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('points'), eb.lit(0)).as('balance'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
};

/** Members with a bucket past its expiry that still holds points; the daily job's work list. */
const membersWithDueBuckets = async (db: Db, now: Date, limit: number): Promise<string[]> => {
  const rows = await db
    .selectFrom('points_ledger as b')
    .select('b.member_id')
    .distinct()
    .where('b.bucket_id', 'is', null)
    .where('b.expires_at', '<', now)
    .where(
      (eb) =>
        sql<boolean>`b.points + coalesce((${eb
          .selectFrom('points_ledger as r')
          .select((e) => e.fn.sum<string | number>('r.points').as('s'))
          .whereRef('r.bucket_id', '=', 'b.id')}), 0) > 0`,
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.member_id);
};

const EXPIRY_BATCH = 500;

/**
 * The daily expiry: for every member with due buckets, one transaction under their lock writes the
 * expire rows. Idempotent (a second run finds nothing due); returns the points expired.
 */
export const expirePoints = async (db: Kysely<Database>, now: Date): Promise<number> => {
  let total = 0;
  for (;;) {
    const members = await membersWithDueBuckets(db, now, EXPIRY_BATCH);
    let batch = 0;
    for (const memberId of members)
      // A member deleted meanwhile took their ledger with them (cascade): nothing to expire.
      batch += await db
        .transaction()
        .execute(async (trx) => ((await lockMember(trx, memberId)) ? expireDueFor(trx, memberId, now) : 0));
    total += batch;
    // A full batch that wrote nothing would be read again as it is: stop rather than loop.
    if (members.length < EXPIRY_BATCH || batch === 0) return total;
  }
};
