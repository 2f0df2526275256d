import { ErrorEnvelopeSchema, PointsSummaryResponseSchema } from '@app/contracts';
import { ok } from '../../http/envelope.ts';
import type { AppModule } from '../../http/module.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import { pointsSummary } from './points.service.ts';

/** The member's own points: the token says whose, and there is no way to name another member. */
export const pointsModule: AppModule = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/points',
    {
      schema: {
        tags: ['points'],
        summary: "The member's points, tier, progress to the next tier and upcoming expiries",
        description:
          'Balance (spendable), tier, points earned over the rolling 12 months, the next tier and what it needs (null at the highest), progress 0–1, and expiries grouped by Bangkok date.',
        security: MEMBER_SECURITY,
        response: { 200: PointsSummaryResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await pointsSummary(deps.db, req.member.memberId, deps.now())),
  );
};
