import {
  NotificationReadBodySchema,
  NotificationReadResponseSchema,
  NotificationsResponseSchema,
} from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forRequest } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleOptions } from '../../http/module.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import { langOf } from '../../i18n/request-language.ts';
import { currentEtag, listNotifications, readNotification } from './notifications.service.ts';
import { definePushJobs, vapidOf } from './push.jobs.ts';
import { pushRoutes } from './push.routes.ts';
import type { NotificationVersions } from './versions.ts';
import { refusals } from '../refusals.ts';

/**
 * Requests per member per rate-limit window: a poll every 30 s and a Read all of a full list are
 * far below it; a client polling in a loop is not.
 */
export const NOTIFICATION_REQUESTS_PER_WINDOW = 600;

/** Whether If-None-Match names `etag` (a list of tags, or `*`; weak comparison, as for GET). */
const matches = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
};

const ERRORS = refusals(401, 429);

/** The member's notifications: theirs only; another member's id is a 404, as an unknown one is. */
export const notificationsModule: FastifyPluginAsyncZod<
  ModuleOptions & { versions: NotificationVersions }
> = async (app, { deps, limiter, versions }) => {
  const perMember = limiter({
    name: 'notifications-member',
    max: NOTIFICATION_REQUESTS_PER_WINDOW,
    key: (req) => req.member.memberId,
  });
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (req) => perMember(req));
  // Pushes are sent by the job queue after the notification's transaction commits (push.jobs.ts).
  const vapid = vapidOf(deps);
  const pushWorker = definePushJobs(deps, vapid, app.log);
  app.addHook('onReady', async () => pushWorker.start());
  app.addHook('onClose', async () => pushWorker.stop());
  await app.register(pushRoutes, { deps, vapid });

  app.get(
    '/userTier/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The member's latest notifications, newest first, in the reader's language",
        description:
          'At most NOTIFICATIONS_LIMIT (50). Carries an ETag (per member, list version and language): with ' +
          'If-None-Match of an unchanged list the answer is 304 with no body, decided without reading the list.',
        security: MEMBER_SECURITY,
        response: { 200: NotificationsResponseSchema, ...ERRORS },
      },
    },
    async (req, reply) => {
      const { memberId } = req.member;
      const language = langOf(req);
      // The list varies by member and language: a cache may keep it but must ask again each time.
      reply.header('cache-control', 'private, no-cache').header('vary', 'authorization, accept-language');
      const known = await currentEtag(versions, memberId, language);
      // A 304 has no body to serialise: sent as the plain reply (as the catalogue's 304s are).
      if (matches(req.headers['if-none-match'], known))
        return (reply as FastifyReply).code(304).header('etag', known).send();
      const { etag, data } = await listNotifications(forRequest(deps, req), memberId, language);
      reply.header('etag', etag);
      return ok(data);
    },
  );

  app.patch(
    '/userTier/notifications/read/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of the member’s notifications read (idempotent)',
        description:
          "Empty body. Marking one already read changes nothing. Another member's, an unknown or a malformed id → 404 notification_not_found.",
        security: MEMBER_SECURITY,
        params: z.object({ id: z.string().max(100) }),
        // No body at all arrives as null.
        body: NotificationReadBodySchema.nullish(),
        response: { 200: NotificationReadResponseSchema, ...ERRORS, ...refusals(400, 404) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await readNotification(
          forRequest(deps, req),
          versions,
          req.member.memberId,
          req.params.id,
          langOf(req),
        ),
      );
    },
  );
};
