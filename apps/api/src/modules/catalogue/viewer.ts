import type { Language, Tier } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { languageFromHeader } from '../../i18n/messages.ts';
import { parseAuthorization } from '../auth/auth-header.ts';
import { memberTier } from './catalogue.repository.ts';

/** Who is reading the catalogue: the language of the texts, and the member when a token came. */
export interface Viewer {
  lang: Language;
  member: { id: string; tier: Tier } | null;
}

/**
 * Catalogue reads need no token. When one is presented it must be good: a bad or expired token is a
 * 401 exactly as on protected routes (the client refreshes and retries) — silently answering as a
 * visitor would show a signed-in member the wrong eligibility. An empty Authorization (the spec's
 * client sends `{"accessToken":"","refreshToken":""}` when signed out) is a visitor.
 */
export const makeViewerResolver =
  (app: ZodApp, deps: AppDeps) =>
  async (req: FastifyRequest, reply: FastifyReply, opts: { required?: boolean } = {}): Promise<Viewer> => {
    const lang = languageFromHeader(req.headers['accept-language']);
    reply.header('vary', 'Accept-Language, Authorization');
    const { accessToken } = parseAuthorization(req.headers.authorization);
    if (!accessToken && !opts.required) return { lang, member: null };
    await app.authenticate(req); // 401 unauthorized / token_expired
    const id = req.member.memberId;
    const tier = await memberTier(deps.db, id);
    if (!tier) throw new AppError(401, 'unauthorized');
    return { lang, member: { id, tier } };
  };

export type ViewerResolver = ReturnType<typeof makeViewerResolver>;
