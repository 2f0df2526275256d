import type { FastifyRequest } from 'fastify';
import { langOf } from '../../i18n/request-language.ts';
import type { Reader } from './viewer.ts';

/*
 * What the catalogue's routes read from a request for their services: the language of the texts
 * (Accept-Language) and who asks — `req.viewer` on routes guarded by `app.identify` (null = a
 * visitor), `req.member` on routes guarded by `app.authenticate`.
 */

/** On an `onRequest: app.identify` route. */
export const viewingReader = (req: FastifyRequest): Reader => ({
  lang: langOf(req),
  memberId: req.viewer?.memberId ?? null,
});

/** On an `onRequest: app.authenticate` route. */
export const memberReader = (req: FastifyRequest): Reader & { memberId: string } => ({
  lang: langOf(req),
  memberId: req.member.memberId,
});
