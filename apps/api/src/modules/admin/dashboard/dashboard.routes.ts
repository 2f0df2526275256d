import { DASHBOARD_MAX_DAYS, DashboardQuerySchema, DashboardResponseSchema } from '@app/contracts';
import { AppError } from '../../../app-error.ts';
import { ok } from '../../../http/envelope.ts';
import { currentRules } from '../../programme/index.ts';
import type { AdminArea } from '../area.ts';
import { dashboardFor, startOfBangkokDay } from './dashboard.queries.ts';

const DAY_MS = 86_400_000;

const invalid = (path: string, message: string) =>
  new AppError('validation_failed', { details: [`${path}: ${message}`], fields: [{ path, message }] });

/** A real calendar day written as YYYY-MM-DD (2026-02-30 is not one). */
const isDay = (s: string) => {
  const d = new Date(`${s}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** The dashboard at /admin/api/dashboard (dashboard.read): the programme's figures for a range of Bangkok days. */
export const dashboardArea: AdminArea = async (app, { deps }) => {
  app.get(
    '/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags: ['admin'],
        summary:
          'Sales, redemptions and points per Asia/Bangkok day for from…to (inclusive), the points liability now, members by tier, top vouchers and stores',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema },
      },
    },
    async (req) => {
      const { from, to } = req.query;
      if (!isDay(from)) throw invalid('from', 'not a date');
      if (!isDay(to)) throw invalid('to', 'not a date');
      const days = (startOfBangkokDay(to).getTime() - startOfBangkokDay(from).getTime()) / DAY_MS + 1;
      if (days < 1) throw invalid('to', 'must not be before from');
      if (days > DASHBOARD_MAX_DAYS) throw invalid('to', `at most ${DASHBOARD_MAX_DAYS} days`);
      const rules = await currentRules(deps.db);
      return ok(await dashboardFor(deps.db, { from, to, now: deps.now(), bahtPerPoint: rules.bahtPerPoint }));
    },
  );
};
