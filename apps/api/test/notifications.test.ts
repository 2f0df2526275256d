import {
  ErrorEnvelopeSchema,
  NotificationReadResponseSchema,
  NotificationsResponseSchema,
  PAYMENT_EXPIRY_MINUTES,
  type Notification,
} from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import {
  announceExpiringPoints,
  announceExpiringVouchers,
  announceNewPrivileges,
  createNotificationVersions,
  pushPayloadOf,
  renderNotification,
} from '../src/modules/notifications/index.ts';
import { reviewTiers } from '../src/modules/points/index.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';

const DAY = 86_400_000;
const LIST = '/bff/userTier/notifications';

describe('notifications: producers, rendering, the ETag poll and mark-read', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: ReturnType<typeof shopOf>;
  const now = () => t.clock.now();

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
  });
  afterAll(() => t.close());

  const list = async (m: Member, headers: Record<string, string> = {}) => {
    const res = await shop.call(m, 'GET', LIST, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { etag: String(res.headers.etag), data: NotificationsResponseSchema.parse(res.json()).data };
  };
  const types = async (m: Member) => (await list(m)).data.map((n) => n.type).sort();
  /** The issue job and the webhook run on the queue: wait until the list holds `type`. */
  const arrives = async (m: Member, type: Notification['type'], timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = (await list(m)).data.find((n) => n.type === type);
      if (found || Date.now() > until) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const rowsOf = (m: Member) =>
    t.db.selectFrom('notification').selectAll().where('member_id', '=', m.id).execute();

  it('a paid order: order successful, points earned and a tier raised, in the reader’s language', async () => {
    const alice = await shop.member();
    const v = await shop.voucher({ price: 100, points_earned: 1200 });
    const order = shop.orderOf(await shop.buy(alice, { voucherId: v }));
    await shop.answerBank(order.id, 'approve');
    expect((await shop.settled(alice, order.id)).status).toBe('SUCCESSFUL');
    expect(await arrives(alice, 'order_successful')).toMatchObject({
      title: 'Order successful',
      description: expect.stringContaining(order.number),
      isRead: false,
      link: `/checkout/orders/${order.id}`,
    });
    expect(await types(alice)).toEqual(['order_successful', 'points_earned', 'tier_up']);
    const en = await list(alice);
    expect(en.data.find((n) => n.type === 'points_earned')?.description).toBe(
      `You earned 1,200 points with order ${order.number}.`,
    );
    expect(en.data.find((n) => n.type === 'tier_up')?.title).toBe('New tier: Silver');
    // A language switch renders the same rows again: old notifications follow it, under another ETag.
    const th = await list(alice, { 'accept-language': 'th' });
    expect(th.data.find((n) => n.type === 'order_successful')?.title).toBe('สั่งซื้อสำเร็จ');
    expect(th.data.find((n) => n.type === 'tier_up')?.title).toBe('ระดับใหม่: ซิลเวอร์');
    expect(th.data.find((n) => n.type === 'points_earned')?.description).toContain('พอยท์');
    expect(th.etag).not.toBe(en.etag);
    // Newest first, and the dedupe keys hold: the issue job retried or the webhook repeated wrote nothing more.
    expect((await rowsOf(alice)).length).toBe(3);
  });

  it('a declined payment, a cancelled order and an expired one each say so, once', async () => {
    const bob = await shop.member();
    const v = await shop.voucher({ stock: 10 });
    const declined = shop.orderOf(await shop.buy(bob, { voucherId: v }));
    await shop.answerBank(declined.id, 'decline');
    expect((await shop.settled(bob, declined.id)).status).toBe('FAILED');
    expect(await arrives(bob, 'order_failed')).toMatchObject({ title: 'Payment failed' });

    const cancelled = shop.orderOf(await shop.buy(bob, { voucherId: v }));
    shop.orderOf(await shop.call(bob, 'POST', '/bff/orders/cancel', { orderId: cancelled.id }));
    shop.orderOf(await shop.call(bob, 'POST', '/bff/orders/cancel', { orderId: cancelled.id }));
    expect(await arrives(bob, 'order_cancelled')).toMatchObject({
      description: expect.stringContaining(cancelled.number),
    });

    const expired = shop.orderOf(await shop.buy(bob, { voucherId: v }));
    t.clock.advance(PAYMENT_EXPIRY_MINUTES * 60_000 + 1000);
    await shop.renew(bob);
    expect((await shop.status(bob, expired.id)).status).toBe('CANCELLED');
    expect(await arrives(bob, 'order_expired')).toMatchObject({
      description: expect.stringContaining(expired.number),
    });
    expect(await types(bob)).toEqual(['order_cancelled', 'order_expired', 'order_failed']);
  });

  it('the daily job: points expiring within 30 days once per bucket, wallet items within 3 days once each', async () => {
    const carol = await shop.member();
    const grant = (points: number, expiresAt: Date) =>
      t.db
        .insertInto('points_ledger')
        .values({
          member_id: carol.id,
          kind: 'adjust',
          points,
          reason: 'test grant',
          order_id: null,
          privilege_id: null,
          expires_at: expiresAt,
          created_at: now(),
        })
        .execute();
    const soon = new Date(now().getTime() + 20 * DAY);
    await grant(300, soon);
    await grant(200, soon);
    await grant(999, new Date(now().getTime() + 60 * DAY));
    const v = await shop.voucher({ price: 0 });
    const order = shop.orderOf(await shop.buy(carol, { voucherId: v, channelCode: undefined }));
    await t.db
      .updateTable('wallet_voucher')
      .set({ valid_until: new Date(now().getTime() + 2 * DAY) })
      .where('order_id', '=', order.id)
      .execute();

    for (let run = 0; run < 2; run++) {
      await announceExpiringPoints(t.db, now());
      await announceExpiringVouchers(t.db, now());
    }
    const { data } = await list(carol);
    const expiring = data.filter((n) => n.type === 'points_expiring');
    expect(expiring).toHaveLength(1);
    // Day/month/year of the Bangkok day, as every screen of the app writes a date.
    expect(expiring[0]?.description).toMatch(/^500 points will expire on 05\/07\/2026\./);
    const voucher = data.filter((n) => n.type === 'voucher_expiring');
    expect(voucher).toHaveLength(1);
    expect(voucher[0]?.description).toContain('Test voucher');
    // Thai dates count years in the Buddhist era.
    const th = await list(carol, { 'accept-language': 'th' });
    expect(th.data.find((n) => n.type === 'points_expiring')?.description).toContain('05/07/2569');
  });

  it('dates in notification and push texts are the Bangkok day as DD/MM/YYYY, Buddhist era in Thai', () => {
    // 18:30 UTC on the 26th is already the 27th in Bangkok.
    const row = (type: 'points_expiring' | 'voucher_expiring', params: Record<string, unknown>) => ({
      id: randomUUID(),
      type,
      params,
      is_read: false,
      created_at: now(),
    });
    const points = row('points_expiring', { points: 1200, expiresAt: '2026-11-26T18:30:00.000Z' });
    const voucher = row('voucher_expiring', {
      title: { en: 'Coffee', th: 'กาแฟ' },
      validUntil: '2026-11-26T18:30:00.000Z',
      walletId: 'w1',
    });
    for (const [lang, date] of [
      ['en', '27/11/2026'],
      ['th', '27/11/2569'],
    ] as const) {
      for (const r of [points, voucher]) {
        const text = renderNotification(r, lang).description;
        expect(text, text).toContain(date);
        expect(pushPayloadOf(r, lang).body).toBe(text);
      }
    }
  });

  it('a privilege that starts for a tier reaches that tier’s members once; the monthly review says tier down', async () => {
    const gold = await shop.member('gold');
    const silver = await shop.member('silver');
    const id = randomUUID();
    await t.db
      .insertInto('privilege')
      .values({
        id,
        merchant_id: f.m.spa,
        category_id: f.cat.spa,
        title_en: 'Gold Night Swim',
        title_th: 'ว่ายน้ำยามค่ำสำหรับโกลด์',
        description_en: 'About it',
        description_th: null,
        points_cost: 100,
        tier: 'gold',
        stock: null,
        valid_from: new Date(now().getTime() + 60_000),
        valid_until: null,
        usage_limit: 1,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    t.clock.advance(120_000);
    await announceNewPrivileges(t.db, now());
    await announceNewPrivileges(t.db, now());
    await Promise.all([shop.renew(gold), shop.renew(silver)]);
    const got = (await list(gold)).data.filter((n) => n.type === 'new_privilege');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      title: 'New privilege for you',
      description: 'Gold Night Swim is now available to Gold members.',
      link: `/privileges/${id}`,
    });
    expect((await list(gold, { 'accept-language': 'th' })).data[0]?.description).toContain(
      'ว่ายน้ำยามค่ำสำหรับโกลด์',
    );
    expect(await types(silver)).toEqual([]);

    // Nothing earned in 12 months: the review sets the gold member back to the first tier.
    await reviewTiers(t.db, now());
    expect((await list(gold)).data.find((n) => n.type === 'tier_down')?.title).toBe('Tier changed to Member');
  });

  it('a draft privilege is not announced; once published after its start it is, at its publication', async () => {
    const gold = await shop.member('gold');
    const id = randomUUID();
    await t.db
      .insertInto('privilege')
      .values({
        id,
        merchant_id: f.m.spa,
        category_id: f.cat.spa,
        title_en: 'Gold Draft Massage',
        title_th: 'นวดสำหรับโกลด์ (ร่าง)',
        description_en: 'About it',
        description_th: null,
        points_cost: 100,
        tier: 'gold',
        stock: null,
        valid_from: new Date(now().getTime() + 60_000),
        valid_until: null,
        usage_limit: 1,
        status: 'draft',
        published_at: null,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    t.clock.advance(120_000);
    await announceNewPrivileges(t.db, now());
    await shop.renew(gold);
    const announced = async () =>
      (await list(gold)).data.filter((n) => n.type === 'new_privilege' && n.link === `/privileges/${id}`);
    expect(await announced()).toEqual([]);

    t.clock.advance(60_000);
    await t.db
      .updateTable('privilege')
      .set({ status: 'published', published_at: now() })
      .where('id', '=', id)
      .execute();
    t.clock.advance(60_000);
    await announceNewPrivileges(t.db, now());
    expect(await announced()).toHaveLength(1);
  });

  it('polls: 304 while nothing changed, 200 with a new ETag after a new notification or a mark-read', async () => {
    const dave = await shop.member();
    const first = await list(dave);
    expect(first.data).toEqual([]);
    const again = await shop.call(dave, 'GET', LIST, undefined, { 'if-none-match': first.etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // No length a client would wait for (a 304 has no body).
    expect(again.headers['content-length'] ?? '0').toBe('0');
    expect(again.headers.etag).toBe(first.etag);
    // Another language is another representation.
    expect(
      (
        await shop.call(dave, 'GET', LIST, undefined, {
          'if-none-match': first.etag,
          'accept-language': 'th',
        })
      ).statusCode,
    ).toBe(200);

    const v = await shop.voucher({ price: 0, points_earned: 0 });
    shop.orderOf(await shop.buy(dave, { voucherId: v, channelCode: undefined }));
    // In this process on the embedded database at once; on PostgreSQL within the version poll (1 s).
    const until = Date.now() + 5000;
    let res = await shop.call(dave, 'GET', LIST, undefined, { 'if-none-match': first.etag });
    while (res.statusCode === 304 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      res = await shop.call(dave, 'GET', LIST, undefined, { 'if-none-match': first.etag });
    }
    expect(res.statusCode).toBe(200);
    const second = NotificationsResponseSchema.parse(res.json()).data;
    expect(second.map((n) => n.type)).toEqual(['order_successful']);
    const etag2 = String(res.headers.etag);
    expect(etag2).not.toBe(first.etag);
    expect((await shop.call(dave, 'GET', LIST, undefined, { 'if-none-match': etag2 })).statusCode).toBe(304);

    // Mark read: idempotent, and the list changes once (a second mark writes nothing).
    const id = second[0]?._id ?? '';
    const read = await shop.call(dave, 'PATCH', `${LIST}/read/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(NotificationReadResponseSchema.parse(read.json()).data).toMatchObject({ _id: id, isRead: true });
    const afterRead = await shop.call(dave, 'GET', LIST, undefined, { 'if-none-match': etag2 });
    expect(afterRead.statusCode).toBe(200);
    const etag3 = String(afterRead.headers.etag);
    expect(NotificationsResponseSchema.parse(afterRead.json()).data[0]?.isRead).toBe(true);
    const readAgain = await shop.call(dave, 'PATCH', `${LIST}/read/${id}`, {});
    expect(readAgain.statusCode, readAgain.body).toBe(200);
    expect(NotificationReadResponseSchema.parse(readAgain.json()).data.isRead).toBe(true);
    expect((await shop.call(dave, 'GET', LIST, undefined, { 'if-none-match': etag3 })).statusCode).toBe(304);
  });

  it('another member’s, unknown and malformed ids → 404; hostile bodies → 400; no token → 401', async () => {
    const erin = await shop.member();
    const frank = await shop.member();
    const v = await shop.voucher({ price: 0, points_earned: 0 });
    shop.orderOf(await shop.buy(erin, { voucherId: v, channelCode: undefined }));
    const [mine] = (await list(erin)).data;
    const code = async (res: Awaited<ReturnType<typeof shop.call>>, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      return ErrorEnvelopeSchema.parse(res.json()).code;
    };
    expect(await code(await shop.call(frank, 'PATCH', `${LIST}/read/${mine?._id}`), 404)).toBe(
      'notification_not_found',
    );
    expect((await list(erin)).data[0]?.isRead).toBe(false);
    for (const bad of [randomUUID(), 'abc', "1' or '1'='1", '%00', 'x'.repeat(90)])
      expect(await code(await shop.call(erin, 'PATCH', `${LIST}/read/${encodeURIComponent(bad)}`), 404)).toBe(
        'notification_not_found',
      );
    // Longer than a route parameter may be: refused before routing.
    expect(await code(await shop.call(erin, 'PATCH', `${LIST}/read/${'x'.repeat(200)}`), 414)).toBe(
      'url_too_long',
    );
    expect(
      await code(await shop.call(erin, 'PATCH', `${LIST}/read/${mine?._id}`, { isRead: false }), 400),
    ).toBe('validation_failed');
    expect(await code(await shop.call(null, 'GET', LIST), 401)).toBeTruthy();
    expect(await code(await shop.call(null, 'PATCH', `${LIST}/read/${mine?._id}`), 401)).toBeTruthy();
    // An If-None-Match of another member's list is not theirs: a full answer.
    const frankList = await list(frank);
    expect(
      (await shop.call(erin, 'GET', LIST, undefined, { 'if-none-match': frankList.etag })).statusCode,
    ).toBe(200);
  });

  it('a kept version answers with no query at all; a change of the member’s list is seen', async () => {
    const gina = await shop.member();
    const tables: string[] = [];
    // The app's database, recording every table read.
    const spy = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'selectFrom')
          return (table: string) => {
            tables.push(table);
            return target.selectFrom(table as 'notification_version');
          };
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const versions = createNotificationVersions(spy, log, { pollMs: 60_000 });
    await versions.start();
    try {
      expect(await versions.versionOf(gina.id)).toBe('0');
      tables.length = 0;
      for (let i = 0; i < 5; i++) expect(await versions.versionOf(gina.id)).toBe('0');
      expect(tables).toEqual([]);
      const v = await shop.voucher({ price: 0, points_earned: 0 });
      shop.orderOf(await shop.buy(gina, { voucherId: v, channelCode: undefined }));
      versions.changed(gina.id);
      expect(await versions.versionOf(gina.id)).toBe('1');
      expect(tables).toEqual(['notification_version']);
    } finally {
      versions.stop();
    }
  });
});
