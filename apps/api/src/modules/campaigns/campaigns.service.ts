import {
  CAMPAIGN_SCHEDULE_MAX_DAYS,
  type CampaignLink,
  type CampaignSegment,
  type CreateCampaignBody,
} from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { campaignById, isUuid, type CampaignRow, type Db } from './campaigns.repository.ts';
import type { CampaignQueues } from './delivery.ts';
import { countSegment } from './segments.ts';

const DAY_MS = 86_400_000;

export interface NewCampaign extends CreateCampaignBody {
  staffId: string | null;
  staffEmail: string;
}

const invalid = (path: string, message: string) =>
  new AppError('validation_failed', { details: [`${path}: ${message}`], fields: [{ path, message }] });

/** The store a segment names must exist (an unknown one is the writer's mistake: 400, not an empty send). */
const checkSegment = async (db: Db, segment: CampaignSegment): Promise<void> => {
  if (segment.kind !== 'store') return;
  const store = await db
    .selectFrom('merchant')
    .select('id')
    .where('id', '=', segment.storeId)
    .executeTakeFirst();
  if (!store) throw invalid('segment.storeId', 'no such store');
};

const checkLink = async (db: Db, link: CampaignLink): Promise<void> => {
  const found =
    link.kind === 'voucher'
      ? await db.selectFrom('voucher').select('id').where('id', '=', link.id).executeTakeFirst()
      : await db.selectFrom('privilege').select('id').where('id', '=', link.id).executeTakeFirst();
  if (!found) throw invalid('link.id', `no such ${link.kind}`);
};

/** How many members would get a campaign for `segment` if it started now (blocked members left out). */
export const previewSegment = async (db: Db, segment: CampaignSegment, now: Date): Promise<number> => {
  await checkSegment(db, segment);
  return countSegment(db, segment, now);
};

/** A new draft campaign. */
export const createCampaign = async (trx: Db, c: NewCampaign, now: Date): Promise<CampaignRow> => {
  await checkSegment(trx, c.segment);
  if (c.link) await checkLink(trx, c.link);
  return trx
    .insertInto('campaign')
    .values({
      title_en: c.title.en,
      title_th: c.title.th,
      body_en: c.body.en,
      body_th: c.body.th,
      link_kind: c.link?.kind ?? null,
      link_id: c.link?.id ?? null,
      send_email: c.email ?? false,
      segment: JSON.stringify(c.segment),
      status: 'draft',
      staff_id: c.staffId,
      staff_email: c.staffEmail,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
};

const lockPending = async (trx: Db, id: string, allowed: CampaignRow['status'][]) => {
  const c = await campaignById(trx, id, true);
  if (!c) throw new AppError('campaign_not_found');
  if (!allowed.includes(c.status)) throw new AppError('campaign_not_pending');
  return c;
};

/**
 * Sends a draft now (`at` absent) or schedules it for `at` (in the future, within
 * CAMPAIGN_SCHEDULE_MAX_DAYS). The start job is queued in the caller's transaction; call
 * `queues.start.wake()` once it has committed. Returns the campaign before and after.
 */
export const scheduleCampaign = async (
  trx: Db,
  queues: CampaignQueues,
  id: string,
  at: Date | null,
  now: Date,
): Promise<{ before: CampaignRow; after: CampaignRow }> => {
  if (at && at.getTime() <= now.getTime()) throw invalid('at', 'must be in the future');
  if (at && at.getTime() > now.getTime() + CAMPAIGN_SCHEDULE_MAX_DAYS * DAY_MS)
    throw invalid('at', `must be within ${CAMPAIGN_SCHEDULE_MAX_DAYS} days`);
  const before = await lockPending(trx, id, ['draft']);
  const after = await trx
    .updateTable('campaign')
    .set({ status: 'scheduled', scheduled_at: at ?? now, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await queues.start.send(trx, { campaignId: id }, at ? { startAfter: at } : {});
  return { before, after };
};

/** Cancels a draft or a scheduled campaign that has not started; one that started goes on (409). */
export const cancelCampaign = async (
  trx: Db,
  id: string,
  now: Date,
): Promise<{ before: CampaignRow; after: CampaignRow }> => {
  if (!isUuid(id)) throw new AppError('campaign_not_found');
  const before = await lockPending(trx, id, ['draft', 'scheduled']);
  const after = await trx
    .updateTable('campaign')
    .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, after };
};
