import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@app/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/schema.ts';
import { t } from '../../i18n/messages.ts';
import {
  countLiveFamilies,
  findTokenByHash,
  insertFamily,
  insertToken,
  lockActiveFamilies,
  lockFamily,
  markRotated,
  markUsed,
  memberAccess,
  revokeFamily,
} from './session.repository.ts';

/** A refresh token unused for this long is dead (sliding: every rotation starts a new 30 days). */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long a just-rotated token still refreshes. Two tabs share one stored token and both poll every
 * 30 s: the slower tab presents the token the faster one just rotated. Within this window it gets a
 * session of its own (a sibling in the same family) instead of revoking everyone's session.
 */
export const REFRESH_GRACE_SECONDS = 10;

/** 256 random bits; stored as SHA-256 (a fast hash is enough for a secret with this much entropy). */
const newRawToken = () => randomBytes(32).toString('base64url');
export const hashRefreshToken = (raw: string) => createHash('sha256').update(raw).digest('base64url');

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  familyId: string;
  memberId: string;
}

/** 403 account_blocked, in the member's own language (the app shows its own text for the code). */
const accountBlocked = (language: Language) =>
  new AppError('account_blocked', { message: t(language, 'errors.account_blocked') });

/** Refuses a member the back office blocked; the member row is held for share until the caller commits. */
const assertMayHoldSession = async (trx: Transaction<Database>, memberId: string): Promise<void> => {
  const member = await memberAccess(trx, memberId);
  if (member?.blocked_at) throw accountBlocked(member.language);
};

/**
 * A new session (family) with its first refresh token — at login. A blocked member is refused here,
 * after the code was checked (so the block is told only to whoever holds the address's code).
 */
export const startSession = (ctx: Ctx, memberId: string): Promise<IssuedRefreshToken> =>
  ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await assertMayHoldSession(trx, memberId);
    const { id: familyId } = await insertFamily(trx, memberId, now);
    const token = newRawToken();
    const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
    await insertToken(trx, { familyId, memberId, tokenHash: hashRefreshToken(token), now, expiresAt });
    return { token, expiresAt, familyId, memberId };
  });

type RotateOutcome =
  | { ok: true; issued: IssuedRefreshToken }
  | { ok: false; reason: string }
  | { ok: false; reason: 'blocked'; language: Language };

/**
 * Exchanges a refresh token for a new one.
 * - unused token → successor; the old one is marked rotated (replaced_by);
 * - rotated less than REFRESH_GRACE_SECONDS ago → a sibling token in the same family;
 * - rotated longer ago (reuse: a copy leaked, or a very stale tab) → the whole family is revoked.
 * The family row is locked, so concurrent refreshes of one session decide one after the other.
 * Failures throw 401 refresh_token_invalid after the transaction committed (a revocation sticks).
 */
export const rotateRefreshToken = async (ctx: Ctx, raw: string): Promise<IssuedRefreshToken> => {
  const tokenHash = hashRefreshToken(raw);
  let revoking: string | undefined;
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx): Promise<RotateOutcome> => {
      const now = ctx.now();
      const seen = await findTokenByHash(trx, tokenHash);
      if (!seen) return { ok: false, reason: 'unknown' };
      // The member before the family, as a block takes them (no deadlock); before the revocation
      // check, since a block revokes every session and the member is told why.
      const member = await memberAccess(trx, seen.member_id);
      if (member?.blocked_at) return { ok: false, reason: 'blocked', language: member.language };
      const family = await lockFamily(trx, seen.family_id);
      const token = await findTokenByHash(trx, tokenHash); // re-read under the family lock
      if (!family || !token) return { ok: false, reason: 'unknown' };
      if (family.revoked_at || token.revoked_at) return { ok: false, reason: 'revoked' };
      if (token.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };

      const issue = async () => {
        const next = newRawToken();
        const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
        const { id } = await insertToken(trx, {
          familyId: family.id,
          memberId: family.member_id,
          tokenHash: hashRefreshToken(next),
          now,
          expiresAt,
        });
        const issued: IssuedRefreshToken = {
          token: next,
          expiresAt,
          familyId: family.id,
          memberId: family.member_id,
        };
        return { id, issued };
      };

      if (!token.rotated_at) {
        const successor = await issue();
        await markRotated(trx, token.id, now, successor.id);
        return { ok: true, issued: successor.issued };
      }
      if (now.getTime() - token.rotated_at.getTime() <= REFRESH_GRACE_SECONDS * 1000) {
        const sibling = await issue();
        await markUsed(trx, token.id, now);
        return { ok: true, issued: sibling.issued };
      }
      revoking = family.id;
      ctx.sessions.changing(family.id);
      await revokeFamily(trx, family.id, now, 'reuse');
      return { ok: false, reason: 'reuse' };
    })
    .finally(() => {
      // After the commit: the session check stops the family's access tokens at once.
      if (revoking) ctx.sessions.changed(revoking);
    });
  if (!outcome.ok) {
    if ('language' in outcome) throw accountBlocked(outcome.language);
    if (outcome.reason === 'reuse')
      ctx.log.warn({ reason: outcome.reason }, 'refresh token reuse: session revoked');
    throw new AppError('refresh_token_invalid');
  }
  return outcome.issued;
};

/**
 * Logout: ends the session the access token belongs to, and the session of the presented refresh
 * token when it is the same member's. A refresh token of another member is ignored (presenting it
 * proves nothing about this caller). When neither token names a session, nothing was ended and the
 * caller is told so (401) rather than handed a success that did nothing.
 */
export const logout = async (
  ctx: Ctx,
  presented: {
    sessionId?: string | undefined;
    memberId?: string | undefined;
    refreshToken?: string | undefined;
  },
): Promise<void> => {
  const families = new Set<string>();
  if (presented.sessionId) families.add(presented.sessionId);
  if (presented.refreshToken) {
    const token = await findTokenByHash(ctx.db, hashRefreshToken(presented.refreshToken));
    if (token && (!presented.memberId || token.member_id === presented.memberId))
      families.add(token.family_id);
  }
  if (families.size === 0) throw new AppError('unauthorized');
  for (const familyId of families) await endSession(ctx, familyId);
};

export const endSession = async (ctx: Ctx, familyId: string): Promise<void> => {
  // Around the transaction: meanwhile this session is checked in the database, after it (committed)
  // no kept answer "active" is used (modules/auth/session-cache.ts).
  ctx.sessions.changing(familyId);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockFamily(trx, familyId);
      await revokeFamily(trx, familyId, ctx.now(), 'logout');
    });
  } finally {
    ctx.sessions.changed(familyId);
  }
};

/**
 * Runs `work` in one transaction with `revokeAll(memberId, reason)`, which ends every session of the
 * member in that transaction (a back-office block or "end sessions", beside its audit row). Each
 * session is announced as changing before its revocation and as changed once the transaction ended,
 * so the member's access tokens stop with the commit, in this process at once (other processes
 * within the session cache's poll).
 */
export const withMemberSessionsRevoked = async <T>(
  ctx: Pick<Ctx, 'db' | 'sessions' | 'now'>,
  work: (
    trx: Transaction<Database>,
    revokeAll: (memberId: string, reason: string) => Promise<number>,
  ) => Promise<T>,
): Promise<T> => {
  const touched: string[] = [];
  try {
    return await ctx.db.transaction().execute((trx) =>
      work(trx, async (memberId, reason) => {
        const families = await lockActiveFamilies(trx, memberId);
        for (const f of families) {
          ctx.sessions.changing(f.id);
          touched.push(f.id);
          await revokeFamily(trx, f.id, ctx.now(), reason);
        }
        return families.length;
      }),
    );
  } finally {
    for (const id of touched) ctx.sessions.changed(id);
  }
};

/** Sessions of the member that can still be refreshed. */
export const liveSessionCount = (db: Kysely<Database>, memberId: string, now: Date): Promise<number> =>
  countLiveFamilies(db, memberId, now);
