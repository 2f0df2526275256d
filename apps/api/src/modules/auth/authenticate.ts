import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { AccessClaims, AccessTokens } from './access-token.ts';
import { parseAuthorization } from './auth-header.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one guard: a preHandler that sets `req.member` or answers 401. */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    accessTokens: AccessTokens;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate` on protected routes. */
    member: AccessClaims;
  }
}

/** Installs the guard on the root instance (no encapsulation: every module sees it). */
export const installAuthenticate = (
  app: FastifyInstance,
  accessTokens: AccessTokens,
  /** A revoked session (logout, refresh-token reuse) stops its access tokens at once, not in 15 minutes. */
  isSessionActive: (sessionId: string) => Promise<boolean>,
) => {
  app.decorate('accessTokens', accessTokens);
  app.decorateRequest('member', {
    getter(): AccessClaims {
      throw new Error('req.member read on a route without app.authenticate');
    },
  });
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const { accessToken } = parseAuthorization(req.headers.authorization);
    if (!accessToken) throw new AppError(401, 'unauthorized');
    const claims = await accessTokens.verify(accessToken);
    if (!(await isSessionActive(claims.sessionId))) throw new AppError(401, 'unauthorized');
    Object.defineProperty(req, 'member', { value: claims, enumerable: true, configurable: true });
  });
};
