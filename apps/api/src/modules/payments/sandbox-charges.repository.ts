import type { Kysely, Selectable } from 'kysely';
import type { ChargeStatus, Database, SandboxChargeTable, SandboxRefundTable } from '../../db/schema.ts';

/* The sandbox gateway's own books (what a real gateway keeps on its side). It never reads our orders. */

export type SandboxChargeRow = Selectable<SandboxChargeTable>;

export interface NewSandboxCharge {
  ref: string;
  channelCode: string;
  amount: number;
  description: string;
  metadata: Record<string, string>;
  returnUri: string;
  expiresAt: Date;
}

export const insertSandboxCharge = (db: Kysely<Database>, c: NewSandboxCharge, now: Date) =>
  db
    .insertInto('sandbox_charge')
    .values({
      ref: c.ref,
      channel_code: c.channelCode,
      amount: c.amount,
      description: c.description,
      metadata: JSON.stringify(c.metadata),
      status: 'pending',
      failure_code: null,
      return_uri: c.returnUri,
      expires_at: c.expiresAt,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const findSandboxCharge = (db: Kysely<Database>, ref: string) =>
  db.selectFrom('sandbox_charge').selectAll().where('ref', '=', ref).executeTakeFirst();

/** A pending charge whose time is up becomes expired; undefined when there was nothing to expire. */
export const expireIfDue = (db: Kysely<Database>, ref: string, now: Date) =>
  db
    .updateTable('sandbox_charge')
    .set({ status: 'expired', updated_at: now })
    .where('ref', '=', ref)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .returningAll()
    .executeTakeFirst();

/**
 * Ends a pending, unexpired charge with `status`, in one conditional statement: of two concurrent
 * answers (approve twice, approve and cancel) exactly one changes the row; the other gets undefined.
 */
export const settlePending = (
  db: Kysely<Database>,
  ref: string,
  to: { status: Exclude<ChargeStatus, 'pending' | 'expired'>; failureCode: string | null },
  now: Date,
) =>
  db
    .updateTable('sandbox_charge')
    .set({ status: to.status, failure_code: to.failureCode, updated_at: now })
    .where('ref', '=', ref)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();

/**
 * The tester's "Let it expire": a pending charge ends as expired now, as if its time had run out
 * (a gateway's test dashboard offers the same), so an expired payment can be seen without waiting.
 * `expires_at` moves to now so the books read as a charge that ran out at that moment. Conditional
 * like settlePending: of concurrent answers exactly one changes the row; the others get undefined.
 */
export const expirePending = (db: Kysely<Database>, ref: string, now: Date) =>
  db
    .updateTable('sandbox_charge')
    .set({ status: 'expired', expires_at: now, updated_at: now })
    .where('ref', '=', ref)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();

export type SandboxRefundRow = Selectable<SandboxRefundTable>;

export const findSandboxRefundByKey = (db: Kysely<Database>, key: string) =>
  db.selectFrom('sandbox_refund').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

/**
 * Records a refund of `chargeRef` in one transaction under the charge's row lock, so concurrent
 * refunds of one charge cannot together give back more than it took. A key seen before answers its
 * first refund. Refused (status failed) for a charge not successful or an amount above what is left.
 */
export const recordSandboxRefund = (
  db: Kysely<Database>,
  r: { ref: string; chargeRef: string; amount: number; idempotencyKey: string },
  now: Date,
): Promise<SandboxRefundRow | 'no_charge'> =>
  db.transaction().execute(async (trx) => {
    const charge = await trx
      .selectFrom('sandbox_charge')
      .select(['status', 'amount', 'refund_outcome'])
      .where('ref', '=', r.chargeRef)
      .forUpdate()
      .executeTakeFirst();
    if (!charge) return 'no_charge' as const;
    const earlier = await trx
      .selectFrom('sandbox_refund')
      .selectAll()
      .where('idempotency_key', '=', r.idempotencyKey)
      .executeTakeFirst();
    if (earlier) return earlier;
    const given = await trx
      .selectFrom('sandbox_refund')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('n'))
      .where('charge_ref', '=', r.chargeRef)
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    const failureCode =
      charge.status !== 'successful'
        ? 'charge_not_successful'
        : Number(given.n) + r.amount > charge.amount
          ? 'amount_exceeds_charge'
          : charge.refund_outcome === 'declined'
            ? 'refund_declined'
            : null;
    return trx
      .insertInto('sandbox_refund')
      .values({
        ref: r.ref,
        charge_ref: r.chargeRef,
        amount: r.amount,
        idempotency_key: r.idempotencyKey,
        status: failureCode ? 'failed' : 'succeeded',
        failure_code: failureCode,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });

/** The sandbox's test switch for `unavailable`: read before answering a refund. */
export const sandboxRefundOutcome = async (db: Kysely<Database>, chargeRef: string) =>
  (
    await db
      .selectFrom('sandbox_charge')
      .select('refund_outcome')
      .where('ref', '=', chargeRef)
      .executeTakeFirst()
  )?.refund_outcome ?? null;
