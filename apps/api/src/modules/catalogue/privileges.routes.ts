import {
  ErrorEnvelopeSchema,
  LikeBodySchema,
  LikeResponseSchema,
  PrivilegeListResponseSchema,
} from '@app/contracts';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { MEMBER_SECURITY, type ZodApp } from '../../http/zod-app.ts';
import type { CatalogueCtxOf } from './catalogue.context.ts';
import { FAVORITES_LIMIT, favorites, setLike } from './likes.service.ts';
import { memberReader } from './request.ts';
import { refusals } from '../refusals.ts';

/**
 * What only privileges have: a member's likes. Both routes need a member (`app.authenticate`); a
 * voucher cannot be liked, so these have no voucher twin.
 */
export const privilegeLikeRoutes = (app: ZodApp, ctxOf: CatalogueCtxOf) => {
  app.get(
    '/privileges/favorite',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['catalogue'],
        summary: "The member's liked privileges, most recently liked first",
        description: `Token required. At most ${FAVORITES_LIMIT} (the newest likes).`,
        security: MEMBER_SECURITY,
        querystring: z.strictObject({}),
        response: { 200: PrivilegeListResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await favorites(ctxOf(req), memberReader(req))),
  );

  app.post(
    '/privileges/:id/like',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['catalogue'],
        summary: 'Like or unlike a privilege (idempotent: liking twice counts once)',
        description: 'Token required. Unknown id → 404 privilege_not_found.',
        security: MEMBER_SECURITY,
        params: z.object({ id: z.string().max(100) }),
        body: LikeBodySchema,
        response: { 200: LikeResponseSchema, ...refusals(401, 404) },
      },
    },
    async (req) => ok(await setLike(ctxOf(req), memberReader(req), req.params.id, req.body.like)),
  );
};
