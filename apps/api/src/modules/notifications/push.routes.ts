import {
  ErrorEnvelopeSchema,
  PushPublicKeyResponseSchema,
  PushSubscriptionBodySchema,
  PushSubscriptionResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { VapidConfig } from '../../config.ts';
import { forRequest } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleOptions } from '../../http/module.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import { subscribe, unsubscribe } from './push.service.ts';
import { refusals } from '../refusals.ts';

const ERRORS = refusals(401, 429);

/**
 * This device's Web Push subscription, for the signed-in member (the enclosing notifications module
 * authenticates and rate-limits every route). A member adds and removes only their own.
 */
export const pushRoutes: FastifyPluginAsyncZod<Pick<ModuleOptions, 'deps'> & { vapid: VapidConfig }> = async (
  app,
  { deps, vapid },
) => {
  app.get(
    '/push/public-key',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The VAPID public key a browser subscribes with (applicationServerKey)',
        security: MEMBER_SECURITY,
        response: { 200: PushPublicKeyResponseSchema, ...ERRORS },
      },
    },
    async () => ok({ publicKey: vapid.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: "Stores this browser's push subscription for the member (idempotent per endpoint)",
        description:
          'The body is PushSubscription.toJSON(). The endpoint must be https (http only outside production), ' +
          'at most 2048 characters, with no credentials. The same endpoint again answers the same id. An ' +
          "endpoint stored for another member moves only with that subscription's own keys (the same browser, " +
          'signed in as someone else); otherwise 403 forbidden. Pushes follow the member’s notifications ' +
          'preference and language.',
        security: MEMBER_SECURITY,
        body: PushSubscriptionBodySchema,
        response: { 200: PushSubscriptionResponseSchema, ...ERRORS, ...refusals(400, 403) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ id: await subscribe(forRequest(deps, req), req.member.memberId, req.body) });
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Removes one of the member’s push subscriptions',
        description: "Another member's, an unknown or a malformed id → 404 not_found.",
        security: MEMBER_SECURITY,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: PushSubscriptionResponseSchema, 404: ErrorEnvelopeSchema, ...ERRORS },
      },
    },
    async (req) => {
      const { id } = req.params;
      // A malformed id is nobody's: the same 404 as another member's.
      if (!z.uuid().safeParse(id).success) throw new AppError('not_found');
      await unsubscribe(forRequest(deps, req), req.member.memberId, id);
      return ok({ id });
    },
  );
};
