import {
  CampaignListQuerySchema,
  CampaignListResponseSchema,
  CampaignParamsSchema,
  CampaignPreviewBodySchema,
  CampaignPreviewResponseSchema,
  CampaignResponseSchema,
  CreateCampaignBodySchema,
  SendCampaignBodySchema,
} from '@app/contracts';
import { AppError } from '../../../app-error.ts';
import { ok } from '../../../http/envelope.ts';
import {
  campaignById,
  cancelCampaign,
  createCampaign,
  defineCampaignJobs,
  listCampaigns,
  presentCampaign,
  previewSegment,
  scheduleCampaign,
} from '../../campaigns/index.ts';
import type { AdminArea } from '../area.ts';
import { actorOf, recordAudit } from '../audit.ts';

const tags = ['admin'];

/**
 * Campaign messages at /admin/api/campaigns (campaigns.send): write a draft, preview its segment's
 * size, send it now or schedule it, cancel it before it starts, follow its counts while it runs.
 * Its queues are defined here, once per app, as the area registers (before the jobs start).
 */
export const campaignsArea: AdminArea = async (app, { deps }) => {
  const queues = defineCampaignJobs(deps);
  const config = { permission: 'campaigns.send' as const };

  app.get(
    '/campaigns',
    {
      config,
      schema: {
        tags,
        summary: 'Campaigns, newest first',
        querystring: CampaignListQuerySchema,
        response: { 200: CampaignListResponseSchema },
      },
    },
    async (req) => {
      const { status, limit = 20, offset = 0 } = req.query;
      const { items, total } = await listCampaigns(deps.db, { ...(status ? { status } : {}), limit, offset });
      return ok({ items: items.map(presentCampaign), total });
    },
  );

  app.post(
    '/campaigns/preview',
    {
      config,
      schema: {
        tags,
        summary: "How many members a segment holds now (the campaign's recipients if it started now)",
        body: CampaignPreviewBodySchema,
        response: { 200: CampaignPreviewResponseSchema },
      },
    },
    async (req) => ok({ recipients: await previewSegment(deps.db, req.body.segment, deps.now()) }),
  );

  app.post(
    '/campaigns',
    {
      config,
      schema: {
        tags,
        summary: 'Write a campaign (a draft until it is sent or scheduled)',
        body: CreateCampaignBodySchema,
        response: { 200: CampaignResponseSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const now = deps.now();
      const row = await deps.db.transaction().execute(async (trx) => {
        const created = await createCampaign(
          trx,
          { ...req.body, staffId: actor.staffId, staffEmail: actor.email },
          now,
        );
        await recordAudit(trx, actor, now, {
          action: 'campaign.create',
          entityType: 'campaign',
          entityId: created.id,
          after: presentCampaign(created),
        });
        return created;
      });
      return ok(presentCampaign(row));
    },
  );

  app.get(
    '/campaigns/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'A campaign and its counts (recipients, delivered, e-mails sent and failed), live while it runs',
        params: CampaignParamsSchema,
        response: { 200: CampaignResponseSchema },
      },
    },
    async (req) => {
      const row = await campaignById(deps.db, req.params.id);
      if (!row) throw new AppError('campaign_not_found');
      return ok(presentCampaign(row));
    },
  );

  app.post(
    '/campaigns/:id/send',
    {
      config,
      schema: {
        tags,
        summary: 'Send a draft now, or schedule it (`at`, in the future)',
        params: CampaignParamsSchema,
        body: SendCampaignBodySchema,
        response: { 200: CampaignResponseSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const now = deps.now();
      const at = req.body.at ? new Date(req.body.at) : null;
      const row = await deps.db.transaction().execute(async (trx) => {
        const { before, after } = await scheduleCampaign(trx, queues, req.params.id, at, now);
        await recordAudit(trx, actor, now, {
          action: at ? 'campaign.schedule' : 'campaign.send',
          entityType: 'campaign',
          entityId: after.id,
          before: { status: before.status, scheduledAt: before.scheduled_at?.toISOString() ?? null },
          after: { status: after.status, scheduledAt: after.scheduled_at?.toISOString() ?? null },
        });
        return after;
      });
      queues.start.wake();
      return ok(presentCampaign(row));
    },
  );

  app.post(
    '/campaigns/:id/cancel',
    {
      config,
      schema: {
        tags,
        summary: 'Cancel a draft or a scheduled campaign before it starts',
        params: CampaignParamsSchema,
        response: { 200: CampaignResponseSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const now = deps.now();
      const row = await deps.db.transaction().execute(async (trx) => {
        const { before, after } = await cancelCampaign(trx, req.params.id, now);
        await recordAudit(trx, actor, now, {
          action: 'campaign.cancel',
          entityType: 'campaign',
          entityId: after.id,
          before: { status: before.status, scheduledAt: before.scheduled_at?.toISOString() ?? null },
          after: { status: after.status },
        });
        return after;
      });
      return ok(presentCampaign(row));
    },
  );
};
