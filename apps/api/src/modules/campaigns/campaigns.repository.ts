import type { Campaign, CampaignSegment, CampaignStatus } from '@app/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CampaignTable, Database } from '../../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;
export type CampaignRow = Selectable<CampaignTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

/** The campaign, locked for the caller's transaction when `lock`; undefined for an unknown (or malformed) id. */
export const campaignById = async (db: Db, id: string, lock = false): Promise<CampaignRow | undefined> => {
  if (!isUuid(id)) return undefined;
  const q = db.selectFrom('campaign').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export const listCampaigns = async (
  db: Db,
  opts: { status?: CampaignStatus; limit: number; offset: number },
): Promise<{ items: CampaignRow[]; total: number }> => {
  let q = db.selectFrom('campaign');
  if (opts.status) q = q.where('status', '=', opts.status);
  const [items, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
};

/** The app path a campaign's link opens (member app routes, without the locale). */
export const linkPathOf = (row: Pick<CampaignRow, 'link_kind' | 'link_id'>): string | null =>
  row.link_kind && row.link_id
    ? `/${row.link_kind === 'voucher' ? 'vouchers' : 'privileges'}/${encodeURIComponent(row.link_id)}`
    : null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentCampaign = (r: CampaignRow): Campaign => ({
  id: r.id,
  title: { en: r.title_en, th: r.title_th },
  body: { en: r.body_en, th: r.body_th },
  link: r.link_kind && r.link_id ? { kind: r.link_kind, id: r.link_id } : null,
  email: r.send_email,
  segment: r.segment as CampaignSegment,
  status: r.status,
  scheduledAt: iso(r.scheduled_at),
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
  cancelledAt: iso(r.cancelled_at),
  recipients: r.recipients,
  delivered: r.delivered,
  skipped: r.skipped,
  emailsSent: r.emails_sent,
  emailsFailed: r.emails_failed,
  createdBy: r.staff_email,
  createdAt: r.created_at.toISOString(),
});
