import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { AccessClaims, AccessTokens } from './access-token.ts';
import { parseAuthorization } from './auth-header.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one way to require a member: `onRequest: app.authenticate` on a route, or
     * `app.addHook('onRequest', app.authenticate)` on a module plugin. Sets `req.member` or answers 401.
     */
    authenticate: (req: FastifyRequest) => Promise<void>;
    /**
     * The one way to read an optional viewer: `onRequest: app.identify`. No token → `req.viewer` is
     * null (a visitor); a token that is presented must be good (401 as on protected routes), so a
     * signed-in member is never silently answered as a visitor.
     */
    identify: (req: FastifyRequest) => Promise<void>;
    accessTokens: AccessTokens;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`. */
    member: AccessClaims;
    /** Set by `app.identify`: the member, or null for a visitor. */
    viewer: AccessClaims | null;
  }
}

/** Installs the guards on the root instance (no encapsulation: every module sees them). */
export const installAuthenticate = (
  app: FastifyInstance,
  accessTokens: AccessTokens,
  /** A revoked session (logout, refresh-token reuse) stops its access tokens at once, not in 15 minutes. */
  isSessionActive: (sessionId: string) => Promise<boolean>,
) => {
  const claimsOf = async (accessToken: string) => {
    const claims = await accessTokens.verify(accessToken);
    if (!(await isSessionActive(claims.sessionId))) throw new AppError('unauthorized');
    return claims;
  };
  const set = (req: FastifyRequest, key: 'member' | 'viewer', value: AccessClaims | null) =>
    Object.defineProperty(req, key, { value, enumerable: true, configurable: true });

  app.decorate('accessTokens', accessTokens);
  app.decorateRequest('member', {
    getter(): AccessClaims {
      throw new Error('req.member read on a route without app.authenticate');
    },
  });
  app.decorateRequest('viewer', {
    getter(): AccessClaims | null {
      throw new Error('req.viewer read on a route without app.identify');
    },
  });
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const { accessToken } = parseAuthorization(req.headers.authorization);
    if (!accessToken) throw new AppError('unauthorized');
    set(req, 'member', await claimsOf(accessToken));
  });
  app.decorate('identify', async (req: FastifyRequest) => {
    // A client that sends its tokens as JSON sends `{"accessToken":"","refreshToken":""}` when signed
    // out: that is a visitor, not a bad token.
    const { accessToken } = parseAuthorization(req.headers.authorization);
    set(req, 'viewer', accessToken ? await claimsOf(accessToken) : null);
  });
};
