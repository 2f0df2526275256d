import { createHash } from 'node:crypto';
import type {
  AdminMemberDetail,
  AdminPage,
  AdminPagingQuery,
  MemberAccess,
  PointsAdjustment,
  PointsAdjustmentBody,
} from '@app/contracts';
import { AppError } from '../../../app-error.ts';
import type { Ctx } from '../../../context.ts';
import type { MemberRow } from '../../../db/schema.ts';
import { isUuid } from '../../../uuid.ts';
import { liveSessionCount, withMemberSessionsRevoked } from '../../auth/index.ts';
import { findMemberById, presentMember, updateMember } from '../../member/index.ts';
import { notify } from '../../notifications/index.ts';
import { adjustPoints, lockMember, pointsBalances, pointsSummary } from '../../points/index.ts';
import { recordAudit, type AuditActor } from '../audit.ts';
import {
  adjustmentByKey,
  countMembers,
  insertAdjustment,
  memberOfOrderNumber,
  searchMembers,
  type AdjustmentRow,
  type MemberSearch,
  type MemberSearchRow,
} from './members.repository.ts';

/** A page's slice of a list. */
export const sliceOf = (q: AdminPagingQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

export const pageOf = <T>(q: AdminPagingQuery, total: number, items: T[]): AdminPage<T> => ({
  items,
  page: q.page,
  pageSize: q.pageSize,
  total,
  totalPages: Math.ceil(total / q.pageSize),
});

/** Order numbers: 10 of the unambiguous characters checkout draws from. */
const ORDER_NUMBER = /^[2-9A-HJKMNP-Z]{10}$/;
/** A phone number as people type it: digits with spaces, dashes, dots, brackets, a leading + . */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * What a search text can mean: always a part of the e-mail or a name; a phone number (its digits,
 * international `00`/`+` dropped, then leading zeros, so `081…`, `81…`, `+66 81…` and `6681…` are all
 * parts of the key's `66` + `81…`); an order number (exact) names its member.
 */
const searchOf = async (ctx: Pick<Ctx, 'db'>, raw: string | undefined): Promise<MemberSearch | null> => {
  const q = (raw ?? '').trim();
  if (q === '') return null;
  const terms = [q];
  if (PHONE_LIKE.test(q)) {
    const digits = q.replace(/\D/g, '').replace(/^00/, '').replace(/^0+/, '');
    if (digits.length >= 3 && digits !== q) terms.push(digits);
  }
  const memberIds: string[] = [];
  const number = q.toUpperCase();
  if (ORDER_NUMBER.test(number)) {
    const owner = await memberOfOrderNumber(ctx.db, number);
    if (owner) memberIds.push(owner);
  }
  return { terms, memberIds };
};

const nameOf = (m: Pick<MemberRow, 'first_name' | 'last_name'>) =>
  [m.first_name, m.last_name].filter((s) => s && s.trim() !== '').join(' ') || null;

const phoneOf = (m: Pick<MemberRow, 'phone_code' | 'phone_number'>) =>
  m.phone_number ? [m.phone_code, m.phone_number].filter(Boolean).join(' ') : null;

export const searchMemberPage = async (
  ctx: Pick<Ctx, 'db'>,
  query: AdminPagingQuery & { q?: string | undefined },
) => {
  const search = await searchOf(ctx, query.q);
  const [total, rows] = [
    await countMembers(ctx.db, search),
    await searchMembers(ctx.db, search, sliceOf(query)),
  ];
  // One grouped query for the page, not one per row.
  const balances = await pointsBalances(
    ctx.db,
    rows.map((r) => r.id),
  );
  return pageOf(
    query,
    total,
    rows.map((r: MemberSearchRow) => ({
      id: r.id,
      email: r.email,
      name: nameOf(r),
      phone: phoneOf(r),
      tier: r.tier,
      pointsBalance: balances.get(r.id) ?? 0,
      blocked: r.blocked_at !== null,
      createdAt: r.created_at.toISOString(),
    })),
  );
};

/** The member an admin path names; anything else (no uuid, nobody) → 404 member_not_found. */
export const requireMember = async (ctx: Pick<Ctx, 'db'>, id: string): Promise<MemberRow> => {
  const member = isUuid(id) ? await findMemberById(ctx.db, id) : undefined;
  if (!member) throw new AppError('member_not_found');
  return member;
};

const blockOf = (m: Pick<MemberRow, 'blocked_at' | 'blocked_reason'>) =>
  m.blocked_at ? { at: m.blocked_at.toISOString(), reason: m.blocked_reason ?? '' } : null;

export const memberDetail = async (ctx: Pick<Ctx, 'db' | 'now'>, id: string): Promise<AdminMemberDetail> => {
  const member = await requireMember(ctx, id);
  const now = ctx.now();
  return {
    profile: presentMember(member),
    tier: member.tier,
    points: await pointsSummary(ctx.db, member.id, now),
    blocked: blockOf(member),
    activeSessions: await liveSessionCount(ctx.db, member.id, now),
    language: member.language,
    createdAt: member.created_at.toISOString(),
    updatedAt: member.updated_at.toISOString(),
  };
};

const requestHashOf = (body: PointsAdjustmentBody) =>
  createHash('sha256')
    .update(JSON.stringify([body.points, body.reason]))
    .digest('base64url');

const presentAdjustment = (r: AdjustmentRow, replayed: boolean): PointsAdjustment => ({
  id: r.id,
  memberId: r.member_id,
  points: r.points,
  reason: r.reason,
  balanceBefore: r.balance_before,
  balanceAfter: r.balance_after,
  createdAt: r.created_at.toISOString(),
  replayed,
});

/**
 * A staff correction of a member's points: a ledger row through the points module (never an edit),
 * the member's notification, the adjustment and its audit row — one transaction. The member's row is
 * locked first, so adjustments of one member (and their earns and burns) decide one after the other:
 * a negative one larger than the balance is refused (409 insufficient_points) and the balance never
 * goes below zero; a retry with the same Idempotency-Key waits for the first and answers it again
 * (the same key with other points or reason → 422 idempotency_key_reused).
 */
export const adjustMemberPoints = async (
  ctx: Pick<Ctx, 'db' | 'now'>,
  actor: AuditActor,
  id: string,
  body: PointsAdjustmentBody,
  idempotencyKey: string,
): Promise<PointsAdjustment> => {
  if (!isUuid(id)) throw new AppError('member_not_found');
  const requestHash = requestHashOf(body);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    if (!(await lockMember(trx, id))) throw new AppError('member_not_found');
    const earlier = await adjustmentByKey(trx, id, idempotencyKey);
    if (earlier) {
      if (earlier.request_hash !== requestHash) throw new AppError('idempotency_key_reused');
      return presentAdjustment(earlier, true);
    }
    // Spendable balances (points past their expiry are not counted), so after − before = points.
    const before = (await pointsSummary(trx, id, now)).balance;
    await adjustPoints(trx, { memberId: id, points: body.points, reason: body.reason, now });
    const after = (await pointsSummary(trx, id, now)).balance;
    const row = await insertAdjustment(trx, {
      member_id: id,
      staff_id: actor.staffId,
      points: body.points,
      reason: body.reason,
      balance_before: before,
      balance_after: after,
      idempotency_key: idempotencyKey,
      request_hash: requestHash,
      created_at: now,
    });
    await notify(trx, {
      memberId: id,
      type: 'points_adjusted',
      params: { points: body.points, reason: body.reason },
      dedupeKey: `points_adjusted:${row.id}`,
      now,
    });
    await recordAudit(trx, actor, now, {
      action: 'member.points.adjust',
      entityType: 'member',
      entityId: id,
      before: { balance: before },
      after: { balance: after, points: body.points, adjustmentId: row.id },
      reason: body.reason,
    });
    return presentAdjustment(row, false);
  });
};

type AccessCtx = Pick<Ctx, 'db' | 'now' | 'sessions'>;

/**
 * Blocks sign-in: the member row first (so a sign-in or refresh racing it waits and then sees the
 * block), then every session revoked in the same transaction — the member's access tokens stop at
 * its commit, refresh and sign-in answer 403 account_blocked. Blocking a blocked member keeps the
 * first time, records a new reason and ends any session; with the same reason and no session to end
 * it changes nothing and writes no audit row.
 */
export const blockMember = (
  ctx: AccessCtx,
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<MemberAccess> =>
  withMemberSessionsRevoked(ctx, async (trx, revokeAll) => {
    const now = ctx.now();
    const member = await requireMember({ db: trx }, id);
    // Blocked already, for the same reason: the row stays as it is.
    const same = member.blocked_at !== null && member.blocked_reason === reason;
    const updated = same
      ? member
      : await updateMember(trx, id, {
          blocked_at: member.blocked_at ?? now,
          blocked_reason: reason,
          updated_at: now,
        });
    if (!updated) throw new AppError('member_not_found');
    const sessionsEnded = await revokeAll(id, 'blocked');
    // Nothing changed (same reason, no session to end): nothing to audit.
    if (same && sessionsEnded === 0) return { memberId: id, blocked: blockOf(member), sessionsEnded };
    await recordAudit(trx, actor, now, {
      action: 'member.block',
      entityType: 'member',
      entityId: id,
      before: { blocked: blockOf(member) },
      after: { blocked: blockOf(updated), sessionsEnded },
      reason,
    });
    return { memberId: id, blocked: blockOf(updated), sessionsEnded };
  });

/** Lets the member sign in again (ended sessions stay ended: they sign in anew); a member not blocked: no change, no audit row. */
export const unblockMember = (
  ctx: AccessCtx,
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<MemberAccess> =>
  ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const member = await requireMember({ db: trx }, id);
    // Not blocked: nothing changes, so no audit row.
    if (member.blocked_at === null) return { memberId: id, blocked: null, sessionsEnded: 0 };
    const updated = await updateMember(trx, id, { blocked_at: null, blocked_reason: null, updated_at: now });
    if (!updated) throw new AppError('member_not_found');
    await recordAudit(trx, actor, now, {
      action: 'member.unblock',
      entityType: 'member',
      entityId: id,
      before: { blocked: blockOf(member) },
      after: { blocked: null },
      reason,
    });
    return { memberId: id, blocked: null, sessionsEnded: 0 };
  });

/** Ends every session of the member (signed out everywhere); they may sign in again. */
export const endMemberSessions = (
  ctx: AccessCtx,
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<MemberAccess> =>
  withMemberSessionsRevoked(ctx, async (trx, revokeAll) => {
    const now = ctx.now();
    const member = await requireMember({ db: trx }, id);
    const sessionsEnded = await revokeAll(id, 'ended_by_staff');
    await recordAudit(trx, actor, now, {
      action: 'member.sessions.end',
      entityType: 'member',
      entityId: id,
      after: { sessionsEnded },
      reason,
    });
    return { memberId: id, blocked: blockOf(member), sessionsEnded };
  });
