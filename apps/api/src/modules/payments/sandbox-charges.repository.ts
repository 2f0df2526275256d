import type { Kysely, Selectable } from 'kysely';
import type { ChargeStatus, Database, SandboxChargeTable } from '../../db/schema.ts';

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
