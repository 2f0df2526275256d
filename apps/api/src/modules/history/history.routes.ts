import {
  HistoryPageResponseSchema,
  HistoryQuerySchema,
  PointsHistoryPageResponseSchema,
  PointsHistoryQuerySchema,
} from '@app/contracts';
import { ok } from '../../http/envelope.ts';
import type { AppModule } from '../../http/module.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import { langOf } from '../../i18n/request-language.ts';
import { historyPage, pointsHistoryPage } from './history.service.ts';
import { refusals } from '../refusals.ts';

const ERRORS = refusals(400, 401);

/** The member's own history: the token says whose, and there is no way to name another member. */
export const historyModule: AppModule = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/orders/histories',
    {
      schema: {
        tags: ['history'],
        summary: "The member's purchases, wallet uses and points movements, one list",
        description:
          'type all | purchase | use | points; startDate/endDate are Asia/Bangkok days (YYYY-MM-DD, both included, at most 367 days apart; none = all time); newest first unless orderDir=ASC. Texts follow Accept-Language.',
        security: MEMBER_SECURITY,
        querystring: HistoryQuerySchema,
        response: { 200: HistoryPageResponseSchema, ...ERRORS },
      },
    },
    async (req) => ok(await historyPage(deps.db, req.member.memberId, req.query, langOf(req))),
  );

  app.get(
    '/orders/histories/point',
    {
      schema: {
        tags: ['history'],
        summary: "The member's points movements (earn, burn, expire, reverse, adjust)",
        description:
          'One movement per step (a burn across several earn buckets is one row). The same query as /orders/histories, with type all | earn | burn | expire | reverse | adjust.',
        security: MEMBER_SECURITY,
        querystring: PointsHistoryQuerySchema,
        response: { 200: PointsHistoryPageResponseSchema, ...ERRORS },
      },
    },
    async (req) => ok(await pointsHistoryPage(deps.db, req.member.memberId, req.query, langOf(req))),
  );
};
