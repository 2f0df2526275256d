import {
  STAFF_SESSION_IDLE_MINUTES,
  type CreateStaffBody,
  type Language,
  type Staff,
  type StaffListQuery,
  type StaffRole,
  type UpdateStaffBody,
} from '@app/contracts';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../app-error.ts';
import { isUniqueViolation } from '../../../db/database.ts';
import type { Database, StaffRow } from '../../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit.ts';
import { auditSnapshot, presentStaff } from './staff.presenter.ts';
import {
  existingMerchantIds,
  findStaffByEmail,
  lockActiveOwners,
  lockStaff,
  replaceStores,
  revokeSessionsOf,
  storeIdsOf,
} from './staff.repository.ts';

interface StaffCtx {
  db: Kysely<Database>;
  now: () => Date;
}

const storeIdsError = (message: string) =>
  new AppError('validation_failed', { fields: [{ path: 'storeIds', message }] });

/**
 * The stores an account of `role` keeps: store staff need at least one real store; the other roles
 * work for the whole programme and hold none.
 */
const checkStores = async (
  trx: Transaction<Database>,
  role: StaffRole,
  storeIds: string[],
): Promise<string[]> => {
  const unique = [...new Set(storeIds)].sort();
  if (role !== 'store_staff') {
    if (unique.length > 0) throw storeIdsError('Only store staff work for particular stores');
    return [];
  }
  if (unique.length === 0) throw storeIdsError('Store staff need at least one store');
  const found = await existingMerchantIds(trx, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw storeIdsError(`Unknown store: ${missing.join(', ')}`);
  return unique;
};

const liveSessionCounts = async (db: Kysely<Database>, staffIds: string[], now: Date) => {
  if (staffIds.length === 0) return new Map<string, number>();
  const idleSince = new Date(now.getTime() - STAFF_SESSION_IDLE_MINUTES * 60_000);
  const rows = await db
    .selectFrom('staff_session')
    .select(['staff_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('staff_id', 'in', staffIds)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .groupBy('staff_id')
    .execute();
  return new Map(rows.map((r) => [r.staff_id, Number(r.n)]));
};

const storesOfMany = async (db: Kysely<Database>, staffIds: string[]) => {
  const map = new Map<string, string[]>();
  if (staffIds.length === 0) return map;
  const rows = await db
    .selectFrom('staff_store')
    .select(['staff_id', 'merchant_id'])
    .where('staff_id', 'in', staffIds)
    .orderBy('merchant_id')
    .execute();
  for (const r of rows) map.set(r.staff_id, [...(map.get(r.staff_id) ?? []), r.merchant_id]);
  return map;
};

const present = async (ctx: StaffCtx, row: StaffRow): Promise<Staff> => {
  const [stores, sessions] = await Promise.all([
    storeIdsOf(ctx.db, row.id),
    liveSessionCounts(ctx.db, [row.id], ctx.now()),
  ]);
  return presentStaff(row, stores, sessions.get(row.id) ?? 0);
};

/** Every staff account matching the filters, by name (a programme team is tens of people, not pages). */
export const listStaff = async (ctx: StaffCtx, query: StaffListQuery): Promise<Staff[]> => {
  let q = ctx.db.selectFrom('staff').selectAll();
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('email', 'like', like), eb(eb.fn('lower', ['name']), 'like', like)]));
  }
  if (query.role) q = q.where('role', '=', query.role);
  if (query.status) q = q.where('status', '=', query.status);
  const rows = await q.orderBy('name').orderBy('email').limit(1000).execute();
  const ids = rows.map((r) => r.id);
  const [stores, sessions] = await Promise.all([
    storesOfMany(ctx.db, ids),
    liveSessionCounts(ctx.db, ids, ctx.now()),
  ]);
  return rows.map((r) => presentStaff(r, stores.get(r.id) ?? [], sessions.get(r.id) ?? 0));
};

export const getStaff = async (ctx: StaffCtx, id: string): Promise<Staff> => {
  const row = await ctx.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('staff_not_found');
  return present(ctx, row);
};

const insertStaff = async (
  trx: Transaction<Database>,
  now: Date,
  input: { email: string; name: string; role: StaffRole; language: Language },
): Promise<StaffRow> => {
  try {
    return await trx
      .insertInto('staff')
      .values({ ...input, email: input.email.toLowerCase(), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('staff_email_taken', { cause: err });
    throw err;
  }
};

/** A new staff account; it signs in with its e-mail and enrols an authenticator app the first time. */
export const createStaff = async (
  ctx: StaffCtx,
  actor: AuditActor,
  body: CreateStaffBody,
): Promise<Staff> => {
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (await findStaffByEmail(trx, body.email)) throw new AppError('staff_email_taken');
    const stores = await checkStores(trx, body.role, body.storeIds ?? []);
    const created = await insertStaff(trx, now, {
      email: body.email,
      name: body.name,
      role: body.role,
      language: body.language ?? 'en',
    });
    await replaceStores(trx, created.id, stores);
    await recordAudit(trx, actor, now, {
      action: 'staff.create',
      entityType: 'staff',
      entityId: created.id,
      after: auditSnapshot(created, stores),
    });
    return created;
  });
  return present(ctx, row);
};

/**
 * Changes an account. A change of role, or disabling it, ends its sessions at once (the next request
 * of a session signed in under the old role is refused); the last active owner can neither leave
 * the owner role nor be disabled.
 */
export const updateStaff = async (
  ctx: StaffCtx,
  actor: AuditActor,
  id: string,
  body: UpdateStaffBody,
): Promise<Staff> => {
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // Owners first, then the account: every change that may remove an owner takes locks in this order.
    const owners = await lockActiveOwners(trx);
    const current = await lockStaff(trx, id);
    if (!current) throw new AppError('staff_not_found');
    const currentStores = await storeIdsOf(trx, id);
    const role = body.role ?? current.role;
    const status = body.status ?? current.status;
    const wasActiveOwner = current.role === 'owner' && current.status === 'active';
    const staysActiveOwner = role === 'owner' && status === 'active';
    if (wasActiveOwner && !staysActiveOwner && owners.filter((o) => o !== id).length === 0)
      throw new AppError('last_owner');

    const roleChanged = role !== current.role;
    // A role change away from store staff drops the stores; to it, they must be named (or kept).
    const wantedStores =
      body.storeIds ?? (role === 'store_staff' && current.role === 'store_staff' ? currentStores : []);
    const stores = await checkStores(trx, role, wantedStores);
    const storesChanged = stores.join() !== currentStores.join();
    const patch = {
      name: body.name ?? current.name,
      role,
      language: body.language ?? current.language,
      status,
    };
    const changed =
      storesChanged ||
      patch.name !== current.name ||
      roleChanged ||
      patch.language !== current.language ||
      status !== current.status;
    if (!changed) return current;

    const updated = await trx
      .updateTable('staff')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (storesChanged) await replaceStores(trx, id, stores);
    const disabled = status === 'disabled' && current.status !== 'disabled';
    // A session carries what its staff member could do when it began: new powers, or fewer, start
    // from a fresh sign-in. Store changes apply at once (the guard reads the stores on every request).
    const ended =
      roleChanged || disabled
        ? await revokeSessionsOf(trx, id, now, disabled ? 'staff_disabled' : 'role_changed')
        : 0;
    await recordAudit(trx, actor, now, {
      action: 'staff.update',
      entityType: 'staff',
      entityId: id,
      before: auditSnapshot(current, currentStores),
      after: { ...auditSnapshot(updated, stores), ...(ended > 0 ? { sessionsEnded: ended } : {}) },
    });
    return updated;
  });
  return present(ctx, row);
};

/** Ends every session of an account (a lost laptop); it can sign in again. */
export const endStaffSessions = async (ctx: StaffCtx, actor: AuditActor, id: string): Promise<number> => {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockStaff(trx, id);
    if (!current) throw new AppError('staff_not_found');
    const ended = await revokeSessionsOf(trx, id, now, 'ended_by_owner');
    await recordAudit(trx, actor, now, {
      action: 'staff.sessions_end',
      entityType: 'staff',
      entityId: id,
      after: { sessionsEnded: ended },
    });
    return ended;
  });
};

/**
 * Forgets an account's authenticator app (a lost phone): its sessions end and the next sign-in
 * enrols a new one after the e-mailed code.
 */
export const resetSecondFactor = async (ctx: StaffCtx, actor: AuditActor, id: string): Promise<Staff> => {
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockStaff(trx, id);
    if (!current) throw new AppError('staff_not_found');
    const stores = await storeIdsOf(trx, id);
    const updated = await trx
      .updateTable('staff')
      .set({ totp_secret: null, totp_confirmed_at: null, totp_last_step: null, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Challenges already past the e-mailed code must not finish with the forgotten secret.
    await trx.deleteFrom('staff_challenge').where('staff_id', '=', id).execute();
    const ended = await revokeSessionsOf(trx, id, now, 'second_factor_reset');
    await recordAudit(trx, actor, now, {
      action: 'staff.second_factor_reset',
      entityType: 'staff',
      entityId: id,
      before: auditSnapshot(current, stores),
      after: { ...auditSnapshot(updated, stores), sessionsEnded: ended },
    });
    return updated;
  });
  return present(ctx, row);
};

/** The actor of work nobody signed in for: the first-owner command and the development start. */
export const systemActor = (what: string): AuditActor => ({
  staffId: null,
  email: `system:${what}`,
  requestId: null,
});

export type CreateOwnerOutcome =
  | { outcome: 'created'; staff: Staff }
  | { outcome: 'restored'; staff: Staff }
  | { outcome: 'owner_exists'; ownerEmails: string[] };

/**
 * The first owner (or, with `force`, another one). Refuses while an active owner exists unless
 * forced; forced on an existing account, makes it an active owner and resets its second factor — the
 * way back in when every owner lost their authenticator app (or JWT_SECRET changed).
 */
export const createOwner = async (
  ctx: StaffCtx,
  input: { email: string; name: string; language?: Language; force?: boolean; actor: AuditActor },
): Promise<CreateOwnerOutcome> => {
  const now = ctx.now();
  const email = input.email.toLowerCase();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const owners = await lockActiveOwners(trx);
    if (owners.length > 0 && !input.force) {
      const rows = await trx.selectFrom('staff').select('email').where('id', 'in', owners).execute();
      return { outcome: 'owner_exists' as const, ownerEmails: rows.map((r) => r.email) };
    }
    const existing = await findStaffByEmail(trx, email);
    if (existing) {
      await trx.selectFrom('staff').select('id').where('id', '=', existing.id).forUpdate().execute();
      const before = auditSnapshot(existing, await storeIdsOf(trx, existing.id));
      const updated = await trx
        .updateTable('staff')
        .set({
          role: 'owner',
          status: 'active',
          totp_secret: null,
          totp_confirmed_at: null,
          totp_last_step: null,
          updated_at: now,
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await replaceStores(trx, existing.id, []);
      await trx.deleteFrom('staff_challenge').where('staff_id', '=', existing.id).execute();
      await revokeSessionsOf(trx, existing.id, now, 'owner_restored');
      await recordAudit(trx, input.actor, now, {
        action: 'staff.owner_restore',
        entityType: 'staff',
        entityId: existing.id,
        before,
        after: auditSnapshot(updated, []),
      });
      return { outcome: 'restored' as const, row: updated };
    }
    const created = await insertStaff(trx, now, {
      email,
      name: input.name,
      role: 'owner',
      language: input.language ?? 'en',
    });
    await recordAudit(trx, input.actor, now, {
      action: 'staff.create',
      entityType: 'staff',
      entityId: created.id,
      after: auditSnapshot(created, []),
    });
    return { outcome: 'created' as const, row: created };
  });
  if (result.outcome === 'owner_exists') return result;
  return { outcome: result.outcome, staff: await present(ctx, result.row) };
};

/** True when no staff account exists at all (the development start then makes its owner). */
export const noStaffYet = async (db: Kysely<Database>): Promise<boolean> =>
  (await db.selectFrom('staff').select('id').limit(1).executeTakeFirst()) === undefined;
