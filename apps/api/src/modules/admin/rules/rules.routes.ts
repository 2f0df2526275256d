import { RulesResponseSchema, UpdateRulesBodySchema, type ProgrammeRulesView } from '@app/contracts';
import { ok } from '../../../http/envelope.ts';
import {
  currentRules,
  putRulesInForce,
  rulesHistory,
  rulesOnly,
  type ProgrammeRules,
} from '../../programme/index.ts';
import type { AdminArea } from '../area.ts';
import { actorOf, recordAudit } from '../audit.ts';

const present = (r: ProgrammeRules): ProgrammeRulesView => ({
  id: r.id,
  bahtPerPoint: r.bahtPerPoint,
  pointsLifetimeMonths: r.pointsLifetimeMonths,
  tiers: r.tiers,
  changedBy: r.changedBy,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
});

/** Programme rules (earn rate, points lifetime, tiers) at /admin/api/rules: read, and change with a reason. */
export const rulesArea: AdminArea = async (app, { deps, catalogueChanged }) => {
  const rulesData = async () => {
    const history = (await rulesHistory(deps.db)).map(present);
    return { current: history[0] ?? present(await currentRules(deps.db)), history };
  };

  app.get(
    '/rules',
    {
      config: { permission: 'rules.read' },
      schema: {
        tags: ['admin'],
        summary: 'The programme rules in force and their history',
        response: { 200: RulesResponseSchema },
      },
    },
    async () => ok(await rulesData()),
  );

  app.put(
    '/rules',
    {
      config: { permission: 'rules.write' },
      schema: {
        tags: ['admin'],
        summary:
          'Put new programme rules in force (for new activity; orders and points already made keep theirs)',
        body: UpdateRulesBodySchema,
        response: { 200: RulesResponseSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        const { before, after } = await putRulesInForce(trx, {
          ...req.body,
          staffId: actor.staffId,
          staffEmail: actor.email,
          now,
        });
        await recordAudit(trx, actor, now, {
          action: 'rules.update',
          entityType: 'programme_rules',
          entityId: after.id,
          before: rulesOnly(before),
          after: rulesOnly(after),
          reason: req.body.reason,
        });
      });
      // What vouchers earn is in the catalogue's answers.
      catalogueChanged();
      return ok(await rulesData());
    },
  );
};
