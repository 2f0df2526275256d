import type { AppDeps } from '../../context.ts';
import { renderCampaignMail } from '../../mail/campaign-mail.ts';
import { campaignById } from './campaigns.repository.ts';
import {
  claimMails,
  deliverRange,
  recordMails,
  resumeCampaigns,
  startCampaign,
  type CampaignQueues,
  type CampaignRange,
} from './delivery.ts';

/** E-mails of one job sent at once (each waits on the SMTP server's answer). */
const MAIL_CONCURRENCY = 5;

/** Sends a range's claimed e-mails; a mail that fails is counted failed and not tried again (at most once). */
const sendMails = async (deps: AppDeps, range: CampaignRange): Promise<void> => {
  const c = await campaignById(deps.db, range.campaignId);
  if (!c || !c.send_email) return;
  const claimed = await claimMails(deps.db, range);
  const outcomes: { memberId: string; sent: boolean }[] = [];
  const texts = { title: { en: c.title_en, th: c.title_th }, body: { en: c.body_en, th: c.body_th } };
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const r = claimed[next++]!;
      const sent = await deps.mailer
        .send(renderCampaignMail(texts, r.language, r.email))
        .then(() => true)
        .catch(() => false);
      outcomes.push({ memberId: r.memberId, sent });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, claimed.length) }, worker));
  } finally {
    await recordMails(deps.db, c.id, outcomes);
  }
};

/**
 * The campaigns' queues:
 * - start: evaluates the segment and queues the deliveries (one job per campaign; early jobs look again);
 * - deliver: one range of recipients per job, one transaction each; two workers so a process keeps a
 *   batch in flight while the next is claimed, retried with backoff for about an hour;
 * - mail: the optional e-mails, after the notifications (a slow mail server never holds them back);
 * - resume (every 5 minutes, once across processes): campaigns whose jobs were lost or ran out of
 *   retries are sent on their way again (starting and delivering are each at most once anyway).
 */
export const defineCampaignJobs = (deps: AppDeps): CampaignQueues => {
  const queues: CampaignQueues = {
    start: deps.jobs.define<{ campaignId: string }>(
      'campaigns.start',
      async ({ campaignId }) => {
        await startCampaign(deps.db, queues, campaignId, deps.now());
      },
      { workers: 1, batchSize: 1, pollingIntervalSeconds: 1, expireInSeconds: 300, retryLimit: 10 },
    ),
    deliver: deps.jobs.define<CampaignRange>(
      'campaigns.deliver',
      async (range) => {
        await deliverRange(deps.db, queues, range, deps.now());
      },
      {
        workers: 2,
        batchSize: 1,
        pollingIntervalSeconds: 0.5,
        expireInSeconds: 300,
        retryLimit: 12,
        retryDelaySeconds: 5,
        retryBackoff: true,
      },
    ),
    mail: deps.jobs.define<CampaignRange>('campaigns.mail', async (range) => sendMails(deps, range), {
      workers: 2,
      batchSize: 2,
      pollingIntervalSeconds: 1,
      expireInSeconds: 900,
      retryLimit: 5,
      retryDelaySeconds: 10,
      retryBackoff: true,
    }),
  };
  const resume = deps.jobs.define<Record<string, never>>(
    'campaigns.resume',
    async () => {
      await resumeCampaigns(deps.db, queues, deps.now());
    },
    { retryLimit: 3, expireInSeconds: 300 },
  );
  deps.jobs.schedule(resume, '*/5 * * * *', {});
  return queues;
};
