import { randomUUID } from 'node:crypto';
import {
  CampaignPreviewResponseSchema,
  CampaignResponseSchema,
  ErrorEnvelopeSchema,
  NotificationsResponseSchema,
  type Campaign,
  type CampaignSegment,
  type Language,
  type Tier,
} from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import { createTestClock, buildTestApp, signIn, type TestApp } from './helpers/build-test-app.ts';
import { createTestStore, signInStaff, type SignedInStaff } from './helpers/staff.ts';
import { waitFor } from './helpers/test-database.ts';
import { recordMails } from '../src/modules/campaigns/delivery.ts';

const NOW = new Date('2026-06-15T05:00:00.000Z');
const DAY = 86_400_000;

/**
 * A mailer that keeps what it was given (and puts it in the dev outbox too, where sign-in reads its
 * codes); an address listed in `failFor` is refused.
 */
const captureMailer = (db: () => Kysely<Database>) => {
  const sent: MailMessage[] = [];
  const failFor = new Set<string>();
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (m) => {
      if (failFor.has(m.to)) throw new Error('refused');
      sent.push(m);
      await db()
        .insertInto('mail_outbox')
        .values({
          to_address: m.to,
          subject: m.subject,
          text_body: m.text,
          html_body: m.html,
          created_at: new Date(),
        })
        .execute();
    },
    close: async () => {},
  };
  return { mailer, sent, failFor };
};

describe('campaign messages (/admin/api/campaigns)', () => {
  let t: TestApp;
  let owner: SignedInStaff;
  let marketing: SignedInStaff;
  const mail = captureMailer(() => t.db);
  let storeId: string;
  let otherStoreId: string;
  /** The fixture's members by name. */
  const m: Record<string, { id: string; email: string }> = {};

  const insertMember = async (name: string, tier: Tier, language: Language, blocked = false) => {
    const email = `${name}.${randomUUID().slice(0, 8)}@example.com`;
    const row = await t.db
      .insertInto('member')
      .values({
        email,
        first_name: name,
        language,
        tier,
        blocked_at: blocked ? NOW : null,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    m[name] = { id: row.id, email };
    return row.id;
  };

  let orderNo = 0;
  const insertOrder = async (memberId: string, merchantId: string, status: string) => {
    const voucher = await t.db.selectFrom('voucher').select('id').executeTakeFirst();
    const voucherId = voucher?.id ?? (await makeVoucher(merchantId));
    const order = await t.db
      .insertInto('purchase_order')
      .values({
        member_id: memberId,
        number: `CMP${Date.now()}${orderNo++}`,
        status: status as 'SUCCESSFUL',
        checkout_type: 'single',
        subtotal: 100,
        discount: 0,
        total: 100,
        points_earned: 0,
        coupon_id: null,
        channel_code: 'promptpay',
        phone: '0812345678',
        email: 'x@example.com',
        language: 'en',
        idempotency_key: null,
        request_hash: null,
        payment_expires_at: null,
        charge_claimed_at: null,
        created_at: NOW,
        updated_at: NOW,
        paid_at: status === 'SUCCESSFUL' ? NOW : null,
        completed_at: null,
        receipt_sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('purchase_order_item')
      .values({
        order_id: order.id,
        voucher_id: voucherId,
        price_option_id: null,
        merchant_id: merchantId,
        quantity: 1,
        unit_price: 100,
        unit_points: 0,
        points: 0,
        cart_item_id: null,
        position: 0,
      })
      .execute();
  };
  const makeVoucher = async (merchantId: string) => {
    const category = await t.db
      .selectFrom('merchant')
      .select('category_id')
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('voucher')
      .values({
        merchant_id: merchantId,
        category_id: category.category_id,
        title_en: 'Campaign test voucher',
        title_th: 'บัตรทดสอบแคมเปญ',
        description_en: null,
        description_th: null,
        price: 100,
        tier: null,
        stock: null,
        sale_starts_at: NOW,
        sale_ends_at: null,
        valid_days: 30,
        usage_limit: 1,
        price_per_card_month: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** An earn bucket of `points` that expires `days` from NOW, with `spent` of it burnt. */
  const insertBucket = async (memberId: string, points: number, days: number, spent = 0) => {
    const bucket = await t.db
      .insertInto('points_ledger')
      .values({
        member_id: memberId,
        kind: 'earn',
        points,
        reason: 'test',
        order_id: null,
        privilege_id: null,
        expires_at: new Date(NOW.getTime() + days * DAY),
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (spent)
      await t.db
        .insertInto('points_ledger')
        .values({
          member_id: memberId,
          kind: 'burn',
          points: -spent,
          reason: 'test',
          order_id: null,
          privilege_id: null,
          expires_at: null,
          created_at: NOW,
          bucket_id: bucket.id,
        })
        .execute();
  };

  const api = (who: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const draft = async (segment: CampaignSegment, extra: Record<string, unknown> = {}, who = owner) => {
    const res = await api(who, 'POST', '/campaigns', {
      title: { en: 'Songkran treats', th: 'ของขวัญสงกรานต์' },
      body: { en: 'Double points all week.', th: 'รับคะแนนสองเท่าตลอดสัปดาห์' },
      segment,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return CampaignResponseSchema.parse(res.json()).data;
  };
  const get = async (id: string): Promise<Campaign> => {
    const res = await api(owner, 'GET', `/campaigns/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return CampaignResponseSchema.parse(res.json()).data;
  };
  const finished = (id: string) =>
    waitFor(async () => (await get(id)).status === 'sent', 20_000).then(() => get(id));
  const recipientsOf = async (campaignId: string) =>
    (
      await t.db
        .selectFrom('notification')
        .select('member_id')
        .where('dedupe_key', '=', `campaign:${campaignId}`)
        .execute()
    )
      .map((r) => r.member_id)
      .sort();
  const ids = (...names: string[]) => names.map((n) => m[n]!.id).sort();

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(NOW), mailer: mail.mailer });
    owner = await signInStaff(t, 'owner');
    marketing = await signInStaff(t, 'marketing');
    storeId = await createTestStore(t, 'Campaign Cafe');
    otherStoreId = await createTestStore(t, 'Other Cafe');
    await insertMember('ann', 'member', 'en');
    await insertMember('som', 'gold', 'th');
    await insertMember('blocked', 'gold', 'th', true);
    await insertMember('plat', 'platinum', 'en');
    await insertMember('refunded', 'silver', 'en');
    await insertOrder(m.som!.id, storeId, 'SUCCESSFUL');
    await insertOrder(m.blocked!.id, storeId, 'SUCCESSFUL');
    await insertOrder(m.plat!.id, storeId, 'FAILED');
    await insertOrder(m.plat!.id, otherStoreId, 'SUCCESSFUL');
    await insertOrder(m.refunded!.id, storeId, 'CANCELLED');
    await insertBucket(m.ann!.id, 50, 10);
    await insertBucket(m.plat!.id, 80, 10, 80);
    await insertBucket(m.som!.id, 40, 100);
    await insertBucket(m.blocked!.id, 40, 5);
  });
  afterAll(() => t.close());

  it('previews and sends to exactly the members of each kind of segment, never a blocked one', async () => {
    const cases: Array<[CampaignSegment, string[]]> = [
      [{ kind: 'all' }, ['ann', 'som', 'plat', 'refunded']],
      [{ kind: 'tier', tiers: ['gold', 'platinum'] }, ['som', 'plat']],
      [{ kind: 'store', storeId }, ['som']],
      [{ kind: 'points_expiring', days: 30 }, ['ann']],
      [{ kind: 'points_expiring', days: 120 }, ['ann', 'som']],
    ];
    for (const [segment, names] of cases) {
      const preview = await api(marketing, 'POST', '/campaigns/preview', { segment });
      expect(preview.statusCode, preview.body).toBe(200);
      // Members signed in by other tests of this file are in "all" too: compare the fixture's only.
      const c = await draft(segment, {}, marketing);
      const sent = await api(marketing, 'POST', `/campaigns/${c.id}/send`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      const done = await finished(c.id);
      const got = (await recipientsOf(c.id)).filter((id) => Object.values(m).some((x) => x.id === id));
      expect(got, JSON.stringify(segment)).toEqual(ids(...names));
      expect(done.recipients).toBe(CampaignPreviewResponseSchema.parse(preview.json()).data.recipients);
      expect(done.delivered).toBe(done.recipients);
      expect(done.skipped).toBe(0);
      expect(await recipientsOf(c.id)).not.toContain(m.blocked!.id);
    }
  });

  it('shows a Thai member the Thai text and an English reader the English, with the link; e-mails each in their language', async () => {
    const voucherId = await makeVoucher(storeId);
    const c = await draft(
      { kind: 'tier', tiers: ['gold', 'platinum'] },
      { link: { kind: 'voucher', id: voucherId }, email: true },
    );
    const failing = m.plat!.email;
    mail.failFor.add(failing);
    await api(owner, 'POST', `/campaigns/${c.id}/send`, {});
    await finished(c.id);
    await waitFor(async () => {
      const now = await get(c.id);
      return now.emailsSent + now.emailsFailed === 2;
    }, 20_000);
    const done = await get(c.id);
    expect(done).toMatchObject({ recipients: 2, delivered: 2, emailsSent: 1, emailsFailed: 1 });
    // Outcomes recorded again (a retried job) move no row out of 'sending', so no counter moves.
    const again = (await recipientsOf(c.id)).map((memberId) => ({ memberId, sent: true }));
    expect(again).toHaveLength(2);
    await recordMails(t.db, c.id, again);
    expect(await get(c.id)).toMatchObject({ emailsSent: 1, emailsFailed: 1 });

    // The member app: a Thai member signed in reads it in Thai.
    const login = await signIn(t, m.som!.email);
    const th = await t.app.inject({
      method: 'GET',
      url: '/bff/userTier/notifications',
      headers: { authorization: `Bearer ${login.accessToken}`, 'accept-language': 'th' },
    });
    expect(th.statusCode, th.body).toBe(200);
    const shown = NotificationsResponseSchema.parse(th.json()).data.find(
      (n) => n.type === 'campaign' && n.link === `/vouchers/${voucherId}`,
    );
    expect(shown).toMatchObject({
      title: 'ของขวัญสงกรานต์',
      description: 'รับคะแนนสองเท่าตลอดสัปดาห์',
      link: `/vouchers/${voucherId}`,
    });
    const mailTo = mail.sent.filter((x) => x.to === m.som!.email && !/^\d{6}$/m.test(x.text));
    expect(mailTo).toHaveLength(1);
    expect(mailTo[0]!.subject).toBe('ของขวัญสงกรานต์');
    expect(mailTo[0]!.text).toContain('รับคะแนนสองเท่าตลอดสัปดาห์');
    expect(mail.sent.some((x) => x.to === failing)).toBe(false);
  });

  it('schedules for later, does not start early, cancels before the start; a due one goes out', async () => {
    const c = await draft({ kind: 'tier', tiers: ['member'] });
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await api(owner, 'POST', `/campaigns/${c.id}/send`, { at });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(CampaignResponseSchema.parse(scheduled.json()).data).toMatchObject({
      status: 'scheduled',
      scheduledAt: at,
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await get(c.id)).status).toBe('scheduled');
    const cancelled = await api(owner, 'POST', `/campaigns/${c.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(CampaignResponseSchema.parse(cancelled.json()).data.status).toBe('cancelled');
    // Cancelled stays cancelled: no second send, no second cancel, nothing delivered.
    expect((await api(owner, 'POST', `/campaigns/${c.id}/send`, {})).statusCode).toBe(409);
    expect((await api(owner, 'POST', `/campaigns/${c.id}/cancel`)).statusCode).toBe(409);

    const later = await draft({ kind: 'tier', tiers: ['member'] });
    const when = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect((await api(owner, 'POST', `/campaigns/${later.id}/send`, { at: when })).statusCode).toBe(200);
    t.clock.advance(61_000);
    const done = await finished(later.id);
    expect(done.recipients).toBeGreaterThan(0);
    expect(await recipientsOf(c.id)).toEqual([]);
    // A campaign that started can no longer be cancelled.
    expect((await api(owner, 'POST', `/campaigns/${later.id}/cancel`)).statusCode).toBe(409);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'staff_email'])
      .where('entity_id', 'in', [c.id, later.id])
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audit.filter((a) => a.entity_id === c.id).map((a) => a.action)).toEqual([
      'campaign.create',
      'campaign.schedule',
      'campaign.cancel',
    ]);
    expect(audit.every((a) => a.staff_email === owner.email)).toBe(true);
  });

  it('gives a member blocked after the start nothing, and counts them skipped', async () => {
    const extra = await insertMember('late', 'platinum', 'en');
    const c = await draft({ kind: 'tier', tiers: ['platinum'] });
    // Started and evaluated, then the member is blocked before their batch runs.
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('campaign')
        .set({ status: 'scheduled', scheduled_at: NOW })
        .where('id', '=', c.id)
        .execute();
    });
    const { startCampaign, deliverRange } = await import('../src/modules/campaigns/index.ts');
    const queued: unknown[] = [];
    const queues = fakeQueues(queued);
    await startCampaign(t.db, queues, c.id, t.clock.now());
    await t.db.updateTable('member').set({ blocked_at: t.clock.now() }).where('id', '=', extra).execute();
    const range = queued[0] as { campaignId: string; from: number; to: number };
    await deliverRange(t.db, queues, range, t.clock.now());
    const done = await get(c.id);
    expect(done.status).toBe('sent');
    expect(done.skipped).toBe(1);
    expect(done.delivered).toBe(done.recipients - 1);
    expect(await recipientsOf(c.id)).not.toContain(extra);
  });

  it('delivers at most once per member: a retried job, two workers on the same batch, two starts, two sends', async () => {
    const { startCampaign, deliverRange } = await import('../src/modules/campaigns/index.ts');
    // Enough members for three batches.
    const tag = randomUUID().slice(0, 6);
    await sql`insert into member (email, language, tier, created_at, updated_at)
      select 'bulk.' || g || '.' || ${tag} || '@example.com', 'en', 'silver', ${NOW}, ${NOW}
      from generate_series(1, 2500) g`.execute(t.db);
    const c = await draft({ kind: 'tier', tiers: ['silver'] });
    await t.db
      .updateTable('campaign')
      .set({ status: 'scheduled', scheduled_at: NOW })
      .where('id', '=', c.id)
      .execute();
    const queued: Array<{ campaignId: string; from: number; to: number }> = [];
    const queues = fakeQueues(queued);
    // Two starts at once: one evaluates the segment, the other finds it sending.
    const starts = await Promise.all([
      startCampaign(t.db, queues, c.id, t.clock.now()),
      startCampaign(t.db, queues, c.id, t.clock.now()),
    ]);
    expect(starts.sort()).toEqual([0, 3]);
    expect(queued).toHaveLength(3);
    const now = t.clock.now();
    // Every batch twice at once, then once more (a retry after a lost acknowledgement).
    await Promise.all(
      queued.flatMap((r) => [deliverRange(t.db, queues, r, now), deliverRange(t.db, queues, r, now)]),
    );
    const again = await Promise.all(queued.map((r) => deliverRange(t.db, queues, r, now)));
    expect(again.every((x) => x.delivered === 0 && x.skipped === 0)).toBe(true);
    const done = await get(c.id);
    expect(done.recipients).toBeGreaterThanOrEqual(2501);
    expect(done).toMatchObject({ status: 'sent', delivered: done.recipients, skipped: 0 });
    const perMember = await t.db
      .selectFrom('notification')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.count<string | number>('member_id').distinct().as('members'),
      ])
      .where('dedupe_key', '=', `campaign:${c.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(perMember.n)).toBe(done.recipients);
    expect(Number(perMember.members)).toBe(done.recipients);

    // Two staff pressing Send at once: one sends, the other is told it already went.
    const d = await draft({ kind: 'tier', tiers: ['platinum'] });
    const both = await Promise.all([
      api(owner, 'POST', `/campaigns/${d.id}/send`, {}),
      api(marketing, 'POST', `/campaigns/${d.id}/send`, {}),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const sent = await finished(d.id);
    expect(await recipientsOf(d.id)).toHaveLength(sent.recipients);
  });

  it('sends on its way a campaign whose jobs were lost: the start, then only the ranges still undelivered', async () => {
    const { startCampaign, deliverRange, resumeCampaigns, CAMPAIGN_BATCH } =
      await import('../src/modules/campaigns/index.ts');
    const tag = randomUUID().slice(0, 6);
    await sql`insert into member (email, language, tier, created_at, updated_at)
      select 'lost.' || g || '.' || ${tag} || '@example.com', 'th', 'gold', ${NOW}, ${NOW}
      from generate_series(1, ${CAMPAIGN_BATCH + 200}) g`.execute(t.db);
    const c = await draft({ kind: 'tier', tiers: ['gold'] });
    const now = t.clock.now();
    const longAgo = new Date(now.getTime() - 10 * 60_000);
    // Scheduled ten minutes ago; its start job is gone.
    await t.db
      .updateTable('campaign')
      .set({ status: 'scheduled', scheduled_at: longAgo, updated_at: longAgo })
      .where('id', '=', c.id)
      .execute();
    const queued: Array<{ campaignId: string; from?: number; to?: number }> = [];
    const queues = fakeQueues(queued);
    expect(await resumeCampaigns(t.db, queues, now)).toBe(1);
    expect(queued).toEqual([{ campaignId: c.id }]);
    queued.length = 0;
    await startCampaign(t.db, queues, c.id, now);
    expect(queued).toHaveLength(2);
    // The first range is delivered; the second job is lost, and nothing moves for ten minutes.
    await deliverRange(t.db, queues, queued[0] as { campaignId: string; from: number; to: number }, now);
    await t.db.updateTable('campaign').set({ updated_at: longAgo }).where('id', '=', c.id).execute();
    const lost = queued[1];
    queued.length = 0;
    expect(await resumeCampaigns(t.db, queues, now)).toBe(1);
    expect(queued).toEqual([lost]);
    await deliverRange(t.db, queues, queued[0] as { campaignId: string; from: number; to: number }, now);
    const done = await get(c.id);
    expect(done).toMatchObject({ status: 'sent', delivered: done.recipients });
    expect(await recipientsOf(c.id)).toHaveLength(done.recipients);
    // Nothing left to resume.
    queued.length = 0;
    expect(await resumeCampaigns(t.db, queues, now)).toBe(0);
  });

  it('lets owner and marketing send; support and store staff get 403', async () => {
    for (const role of ['support', 'store_staff'] as const) {
      const who = await signInStaff(t, role);
      for (const [method, url] of [
        ['GET', '/campaigns'],
        ['POST', '/campaigns/preview'],
        ['POST', '/campaigns'],
      ] as const) {
        const res = await api(who, method, url, method === 'POST' ? {} : undefined);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    const list = await api(marketing, 'GET', '/campaigns?limit=5');
    expect(list.statusCode).toBe(200);
  });

  it('answers hostile input with 400 (or 404), never a 5xx', async () => {
    const base = {
      title: { en: 'Hi', th: 'สวัสดี' },
      body: { en: 'Body', th: 'เนื้อหา' },
      segment: { kind: 'all' },
    };
    const bad: unknown[] = [
      { ...base, title: { en: 'x'.repeat(10_000), th: 'y' } },
      { ...base, body: { en: 'ok', th: 'z'.repeat(5000) } },
      { ...base, title: { en: 'nul\u0000', th: 'x' } },
      { ...base, title: { en: '   ', th: 'x' } },
      { ...base, segment: { kind: 'store', storeId: 'not-a-uuid' } },
      { ...base, segment: { kind: 'store', storeId: randomUUID() } },
      { ...base, segment: { kind: 'tier', tiers: ['diamond'] } },
      { ...base, segment: { kind: 'tier', tiers: [] } },
      { ...base, segment: { kind: 'points_expiring', days: 0 } },
      { ...base, segment: { kind: 'points_expiring', days: 1e9 } },
      { ...base, segment: { kind: 'points_expiring', days: 1.5 } },
      { ...base, segment: { kind: 'everyone' } },
      { ...base, segment: "'; drop table member; --" },
      { ...base, link: { kind: 'voucher', id: randomUUID() } },
      { ...base, link: { kind: 'coupon', id: randomUUID() } },
      { ...base, extra: true },
      [],
      null,
    ];
    for (const payload of bad) {
      const res = await api(owner, 'POST', '/campaigns', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      ErrorEnvelopeSchema.parse(res.json());
    }
    // Larger than any body the API takes: refused before it is read.
    const huge = await api(owner, 'POST', '/campaigns', {
      ...base,
      body: { en: 'x'.repeat(2_000_000), th: 'y' },
    });
    expect(huge.statusCode).toBe(413);
    const preview = await api(owner, 'POST', '/campaigns/preview', {
      segment: { kind: 'store', storeId: randomUUID() },
    });
    expect(preview.statusCode).toBe(400);
    const c = await draft({ kind: 'all' });
    for (const at of [
      'yesterday',
      '2020-01-01T00:00:00Z',
      '2099-01-01T00:00:00Z',
      new Date(NOW.getTime() - 1000).toISOString(),
    ]) {
      const res = await api(owner, 'POST', `/campaigns/${c.id}/send`, { at });
      expect(res.statusCode, at).toBe(400);
    }
    for (const id of ['nope', 'x'.repeat(100), randomUUID()]) {
      expect((await api(owner, 'GET', `/campaigns/${id}`)).statusCode).toBe(404);
      expect((await api(owner, 'POST', `/campaigns/${id}/send`, {})).statusCode).toBe(404);
      expect((await api(owner, 'POST', `/campaigns/${id}/cancel`)).statusCode).toBe(404);
    }
    expect((await api(owner, 'GET', '/campaigns?limit=100000')).statusCode).toBe(400);
    expect((await api(owner, 'GET', '/campaigns?status=bogus')).statusCode).toBe(400);
    expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
  });
});

/** Queues that only record what is sent to them (the test runs each job's work itself). */
function fakeQueues(sent: unknown[]) {
  const q = <T extends object>(name: string) => ({
    name,
    wake: () => {},
    send: async (_executor: unknown, data: T) => {
      sent.push(data);
      return randomUUID();
    },
  });
  return {
    start: q<{ campaignId: string }>('campaigns.start'),
    deliver: q<{ campaignId: string; from: number; to: number }>('campaigns.deliver'),
    mail: q<{ campaignId: string; from: number; to: number }>('campaigns.mail'),
  };
}
