import { createHash, randomBytes } from 'node:crypto';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import {
  findTokenByHash,
  insertFamily,
  insertToken,
  lockFamily,
  markRotated,
  markUsed,
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

/** A new session (family) with its first refresh token — at login. */
export const startSession = (ctx: Ctx, memberId: string): Promise<IssuedRefreshToken> =>
  ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const { id: familyId } = await insertFamily(trx, memberId, now);
    const token = newRawToken();
    const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
    await insertToken(trx, { familyId, memberId, tokenHash: hashRefreshToken(token), now, expiresAt });
    return { token, expiresAt, familyId, memberId };
  });

type RotateOutcome = { ok: true; issued: IssuedRefreshToken } | { ok: false; reason: string };

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
