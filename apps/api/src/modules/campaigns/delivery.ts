import type { CampaignSegment } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import type { Queue } from '../../jobs/jobs.ts';
import type { Database } from '../../db/schema.ts';
import { campaignById, linkPathOf, type Db } from './campaigns.repository.ts';
import { segmentMembersSql } from './segments.ts';

/**
 * Recipients per delivery job: one transaction writes this many notifications. Large enough that
 * 100,000 members are 100 jobs (the queue's own cost per job is small beside them), small enough that
 * a transaction holds its locks for well under a second and a retried job repeats little.
 */
export const CAMPAIGN_BATCH = 1000;
/** Recipients per e-mail job (each mail waits on the SMTP server: smaller jobs spread over workers). */
export const CAMPAIGN_MAIL_BATCH = 100;
/** A job for a scheduled campaign that runs before its time (by the app's clock) looks again this soon at most. */
const NOT_DUE_RECHECK_SECONDS = 5;

/**
 * Lets the event loop take its pending I/O. On the embedded database every query resolves without
 * I/O of its own, so back-to-back batches would chain promise after promise and starve HTTP until
 * the whole campaign is out (a /health took seconds in the bench); one turn per batch keeps requests
 * (the progress reads among them) answered within a batch's time.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface CampaignRange {
  campaignId: string;
  /** Recipients `from` ≤ seq < `to`. */
  from: number;
  to: number;
}

export interface CampaignQueues {
  start: Queue<{ campaignId: string }>;
  deliver: Queue<CampaignRange>;
  mail: Queue<CampaignRange>;
}

/**
 * Starts a scheduled campaign that is due: in one transaction the segment is evaluated (once, now:
 * who is in it at the start is who gets it), each recipient gets a numbered delivery row, and one
 * delivery job per CAMPAIGN_BATCH recipients is queued. Only a campaign still `scheduled` and due is
 * started — a cancelled one is left alone, and a second run of this job finds it `sending` already.
 * Returns the delivery jobs queued (0 when nothing was started).
 */
export const startCampaign = async (
  db: Kysely<Database>,
  queues: CampaignQueues,
  campaignId: string,
  now: Date,
): Promise<number> => {
  const outcome = await db.transaction().execute(async (trx) => {
    const c = await campaignById(trx, campaignId, true);
    if (!c || c.status !== 'scheduled' || !c.scheduled_at) return { jobs: 0 };
    if (c.scheduled_at.getTime() > now.getTime()) {
      // Queued for its time by the database's clock, early by the app's: look again shortly.
      const wait = Math.min(
        NOT_DUE_RECHECK_SECONDS,
        Math.ceil((c.scheduled_at.getTime() - now.getTime()) / 1000),
      );
      await queues.start.send(trx, { campaignId }, { startAfter: Math.max(1, wait) });
      return { jobs: 0 };
    }
    const { numAffectedRows } = await sql`
      insert into campaign_delivery (campaign_id, member_id, seq, email_state)
      select ${c.id}, s.id, (row_number() over (order by s.id) - 1)::int, ${c.send_email ? 'pending' : null}
      from (${segmentMembersSql(c.segment as CampaignSegment, now)}) s`.execute(trx);
    const recipients = Number(numAffectedRows ?? 0);
    await trx
      .updateTable('campaign')
      .set({
        status: recipients === 0 ? 'sent' : 'sending',
        started_at: now,
        finished_at: recipients === 0 ? now : null,
        recipients,
        updated_at: now,
      })
      .where('id', '=', c.id)
      .execute();
    let jobs = 0;
    for (let from = 0; from < recipients; from += CAMPAIGN_BATCH, jobs++)
      await queues.deliver.send(trx, {
        campaignId: c.id,
        from,
        to: Math.min(from + CAMPAIGN_BATCH, recipients),
      });
    return { jobs };
  });
  if (outcome.jobs > 0) queues.deliver.wake();
  return outcome.jobs;
};

/**
 * Delivers one range of a campaign's recipients, in one transaction: each row still undelivered whose
 * member exists and is not blocked is marked delivered and gets its notification; the rest are marked
 * skipped; the campaign's counters move by exactly what changed here. A row already delivered (a
 * retried job, another worker on the same range) matches nothing: at most once per member. Under
 * PostgreSQL a second transaction on the same rows waits for the first and then finds them delivered.
 */
export const deliverRange = async (
  db: Kysely<Database>,
  queues: CampaignQueues,
  range: CampaignRange,
  now: Date,
): Promise<{ delivered: number; skipped: number }> => {
  await yieldToEventLoop();
  const c = await campaignById(db, range.campaignId);
  if (!c || c.status !== 'sending') return { delivered: 0, skipped: 0 };
  const params = JSON.stringify({
    campaignId: c.id,
    title: { en: c.title_en, th: c.title_th },
    body: { en: c.body_en, th: c.body_th },
    link: linkPathOf(c),
  });
  const result = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ delivered: string | number }>`
      with due as (
        update campaign_delivery d set delivered_at = ${now}
        from member m
        where d.campaign_id = ${c.id} and d.seq >= ${range.from} and d.seq < ${range.to}
          and d.delivered_at is null and not d.skipped
          and m.id = d.member_id and m.blocked_at is null
        returning d.member_id
      ), written as (
        insert into notification (member_id, type, params, dedupe_key, created_at)
        select due.member_id, 'campaign', ${params}::jsonb, ${`campaign:${c.id}`}, ${now} from due
        on conflict (member_id, dedupe_key) do nothing
        returning 1
      )
      select (select count(*) from due) as delivered`.execute(trx);
    const delivered = Number(rows[0]?.delivered ?? 0);
    // What is left undelivered in the range: members blocked since the start, or gone.
    const { numUpdatedRows } = await trx
      .updateTable('campaign_delivery')
      .set({ skipped: true, email_state: null })
      .where('campaign_id', '=', c.id)
      .where('seq', '>=', range.from)
      .where('seq', '<', range.to)
      .where('delivered_at', 'is', null)
      .where('skipped', '=', false)
      .executeTakeFirst();
    const skipped = Number(numUpdatedRows);
    if (delivered + skipped > 0) {
      const after = await trx
        .updateTable('campaign')
        .set((eb) => ({
          delivered: eb('delivered', '+', delivered),
          skipped: eb('skipped', '+', skipped),
          updated_at: now,
        }))
        .where('id', '=', c.id)
        .returning(['recipients', 'delivered', 'skipped'])
        .executeTakeFirstOrThrow();
      if (after.delivered + after.skipped >= after.recipients)
        await trx
          .updateTable('campaign')
          .set({ status: 'sent', finished_at: now })
          .where('id', '=', c.id)
          .where('status', '=', 'sending')
          .execute();
    }
    if (c.send_email && delivered > 0)
      for (let from = range.from; from < range.to; from += CAMPAIGN_MAIL_BATCH)
        await queues.mail.send(trx, {
          campaignId: c.id,
          from,
          to: Math.min(from + CAMPAIGN_MAIL_BATCH, range.to),
        });
    return { delivered, skipped };
  });
  if (c.send_email && result.delivered > 0) queues.mail.wake();
  return result;
};

/** A campaign whose progress has not moved for this long is looked at again (its jobs lost or out of retries). */
export const CAMPAIGN_STALE_MS = 5 * 60_000;

/**
 * Sends campaigns whose jobs are gone on their way again: a scheduled one past its time that never
 * started, and one sending whose counters have not moved for CAMPAIGN_STALE_MS gets a delivery job for
 * each range that still has undelivered rows. Safe to repeat: starting and delivering are each done
 * at most once (see startCampaign, deliverRange). Returns the jobs queued.
 */
export const resumeCampaigns = async (
  db: Kysely<Database>,
  queues: CampaignQueues,
  now: Date,
): Promise<number> => {
  const stale = new Date(now.getTime() - CAMPAIGN_STALE_MS);
  const stuck = await db
    .selectFrom('campaign')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'scheduled'), eb('scheduled_at', '<=', stale)]),
        eb.and([eb('status', '=', 'sending'), eb('updated_at', '<=', stale)]),
      ]),
    )
    .limit(100)
    .execute();
  let jobs = 0;
  for (const c of stuck) {
    if (c.status === 'scheduled') {
      await queues.start.send(db, { campaignId: c.id });
      jobs++;
      continue;
    }
    const { rows } = await sql<{ batch: number }>`
      select distinct (seq / ${CAMPAIGN_BATCH})::int as batch from campaign_delivery
      where campaign_id = ${c.id} and delivered_at is null and not skipped
      order by 1`.execute(db);
    const total = await db
      .selectFrom('campaign')
      .select('recipients')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    for (const { batch } of rows) {
      const from = Number(batch) * CAMPAIGN_BATCH;
      await queues.deliver.send(db, {
        campaignId: c.id,
        from,
        to: Math.min(from + CAMPAIGN_BATCH, total.recipients),
      });
      jobs++;
    }
  }
  return jobs;
};

/** Claims a range's e-mails that are still to send (pending → sending, committed before any is sent). */
export const claimMails = async (
  db: Db,
  range: CampaignRange,
): Promise<{ memberId: string; email: string; language: 'en' | 'th' }[]> => {
  const { rows } = await sql<{ member_id: string; email: string; language: 'en' | 'th' }>`
    with claimed as (
      update campaign_delivery d set email_state = 'sending'
      where d.campaign_id = ${range.campaignId} and d.seq >= ${range.from} and d.seq < ${range.to}
        and d.email_state = 'pending' and d.delivered_at is not null
      returning d.member_id
    )
    select m.id as member_id, m.email, m.language from claimed c join member m on m.id = c.member_id`.execute(
    db,
  );
  return rows.map((r) => ({ memberId: r.member_id, email: r.email, language: r.language }));
};

/**
 * Records how a claimed mail went and moves the campaign's e-mail counters with it — by the rows
 * actually moved out of 'sending', so outcomes recorded twice (a retried job) count once.
 */
export const recordMails = async (
  db: Kysely<Database>,
  campaignId: string,
  outcomes: { memberId: string; sent: boolean }[],
): Promise<void> => {
  if (!outcomes.length) return;
  const sent = outcomes.filter((o) => o.sent).map((o) => o.memberId);
  const failed = outcomes.filter((o) => !o.sent).map((o) => o.memberId);
  await db.transaction().execute(async (trx) => {
    const moved = async (state: 'sent' | 'failed', ids: string[]) => {
      if (!ids.length) return 0;
      const r = await trx
        .updateTable('campaign_delivery')
        .set({ email_state: state })
        .where('campaign_id', '=', campaignId)
        .where('member_id', 'in', ids)
        .where('email_state', '=', 'sending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    };
    const sentRows = await moved('sent', sent);
    const failedRows = await moved('failed', failed);
    if (!sentRows && !failedRows) return;
    await trx
      .updateTable('campaign')
      .set((eb) => ({
        emails_sent: eb('emails_sent', '+', sentRows),
        emails_failed: eb('emails_failed', '+', failedRows),
      }))
      .where('id', '=', campaignId)
      .execute();
  });
};
