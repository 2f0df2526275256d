import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../app-error.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'privileges-api';
const AUDIENCE = 'privileges-member';

export interface AccessClaims {
  memberId: string;
  /** The refresh-token family (session) this access token was issued with. */
  sessionId: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }>;
  /** Throws AppError 401 token_expired / unauthorized. */
  verify(token: string): Promise<AccessClaims>;
}

/** HS256 JWTs, 15 minutes, checked against the injected clock (tests move time instead of sleeping). */
export const createAccessTokens = (secret: string, now: () => Date): AccessTokens => {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ memberId, sessionId }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const exp = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(memberId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('claims');
        return { memberId: payload.sub, sessionId: payload.sid };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new AppError('token_expired');
        throw new AppError('unauthorized');
      }
    },
  };
};
