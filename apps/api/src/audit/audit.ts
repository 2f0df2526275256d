import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/*
 * The audit trail's writer, outside every module: the back office writes staff members' changes and
 * the orders module writes what the app does by itself (a refund's outcome), and the back office
 * imports orders, so orders cannot import the back office without a cycle.
 */

/** Who did it: from the request's staff session, or a named system actor for automatic work. */
export interface AuditActor {
  staffId: string | null;
  email: string;
  requestId: string | null;
}

/** The app itself (a job, a payment report): no staff member and no request. */
export const SYSTEM_ACTOR: AuditActor = { staffId: null, email: 'system', requestId: null };

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Writes one audit row — always inside the transaction that makes the change, so a change and its
 * trail commit together or not at all. The table refuses UPDATE and DELETE (a trigger).
 */
export const recordAudit = async (
  trx: Transaction<Database> | Kysely<Database>,
  actor: AuditActor,
  at: Date,
  entry: AuditEntry,
): Promise<void> => {
  await trx
    .insertInto('audit_log')
    .values({
      at,
      staff_id: actor.staffId,
      staff_email: actor.email,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      request_id: actor.requestId,
    })
    .execute();
};
