import { randomUUID } from 'node:crypto';
import { AdminRefundResponseSchema, type AdminRefund, type Order } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { jobsSchemaFor } from '../src/jobs/jobs.ts';
import { pointsBalance } from '../src/modules/points/index.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member, type Shop } from './helpers/shop.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

/*
 * Refunds of paid orders, whole or by line, through the back office's route and the one
 * refund service: money through the provider, and with it (one transaction) wallet units voided,
 * points reversed, stock back, coupon use released, the member notified and mailed in their language.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where requests really overlap).
 */

const RACE_RUNS = process.env.TEST_DATABASE_URL ? 20 : 6;

describe('refunds', () => {
  let t: TestApp;
  let shop: Shop;
  let support: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW), config: { orderLimitPerMember: 10_000 } });
    shop = shopOf(t, await seedCatalogueFixture(t.db));
    support = await signInStaff(t, 'support');
  });
  afterAll(() => t?.close());

  /** Bought and paid through the member's routes and the sandbox bank, issued (SUCCESSFUL). */
  const paidOrder = async (
    m: Member,
    body: { voucherId: string; quantity?: number; couponCode?: string },
  ): Promise<Order> => {
    const order = shop.orderOf(await shop.buy(m, body));
    if (order.total > 0) await shop.answerBank(order.id, 'approve');
    const done = await shop.settled(m, order.id);
    expect(done.status).toBe('SUCCESSFUL');
    return done;
  };

  const refund = (
    orderId: string,
    payload: Record<string, unknown>,
    key: string = randomUUID(),
    staff: { headers: Record<string, string> } = support,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${orderId}/refunds`,
      headers: { ...staff.headers, 'idempotency-key': key },
      payload,
    });
  const refunded = (res: Awaited<ReturnType<typeof refund>>): AdminRefund => {
    expect(res.statusCode, res.body).toBe(200);
    return AdminRefundResponseSchema.parse(res.json()).data;
  };

  const units = (orderId: string) =>
    t.db
      .selectFrom('wallet_voucher')
      .select(['id', 'order_item_id', 'used_count', 'voided_at'])
      .where('order_id', '=', orderId)
      .orderBy('unit')
      .execute();
  const orderStatus = async (orderId: string) =>
    (
      await t.db
        .selectFrom('purchase_order')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status;
  const itemsOf = (orderId: string) =>
    t.db
      .selectFrom('purchase_order_item')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();
  const sandboxRefunds = (orderId: string) =>
    t.db
      .selectFrom('sandbox_refund as r')
      .innerJoin('payment as p', 'p.provider_ref', 'r.charge_ref')
      .select(['r.amount', 'r.status'])
      .where('p.order_id', '=', orderId)
      .execute();
  /** The audit rows of refunds' outcomes (written by the app, not a staff member), oldest first. */
  const outcomeAudits = (orderId: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'staff_email', 'request_id'])
      .where('entity_id', '=', orderId)
      .where('action', 'like', 'order.refund.%')
      .orderBy('id')
      .execute();
  const mailTo = async (email: string, subjectPart: string) => {
    const until = Date.now() + 10_000;
    for (;;) {
      const mail = await t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', email)
        .where('subject', 'like', `%${subjectPart}%`)
        .executeTakeFirst();
      if (mail || Date.now() > until) return mail;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const useUnit = (m: Member, id: string) => shop.call(m, 'POST', `/bff/wallet/${id}/use`, {});

  it('refunds a whole order: money back, units voided, points reversed, stock and coupon back, Thai notice and mail', async () => {
    const m = await shop.member();
    await t.db.updateTable('member').set({ language: 'th' }).where('id', '=', m.id).execute();
    const v = await shop.voucher({ price: 100, points_earned: 4, stock: 10 });
    const c = await shop.coupon({ discount_type: 'fixed', discount_value: 20 });
    const order = await paidOrder(m, { voucherId: v, quantity: 2, couponCode: c.code });
    expect(order.total).toBe(180);
    expect(await shop.sold(v)).toBe(2);
    expect(await shop.couponUsed(c.id)).toBe(1);
    expect(await pointsBalance(t.db, m.id)).toBe(order.pointsEarned);
    expect(order.pointsEarned).toBeGreaterThan(0);

    const r = refunded(await refund(order.id, { reason: 'customer asked' }));
    expect(r).toMatchObject({
      status: 'succeeded',
      amount: 180,
      pointsReversed: order.pointsEarned,
      pointsShortfall: 0,
    });
    expect(await orderStatus(order.id)).toBe('REFUNDED');
    expect((await units(order.id)).every((u) => u.voided_at !== null)).toBe(true);
    expect(await pointsBalance(t.db, m.id)).toBe(0);
    expect(await shop.sold(v)).toBe(0);
    expect(await shop.couponUsed(c.id)).toBe(0);
    expect(
      (
        await t.db
          .selectFrom('coupon_use')
          .select('status')
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('released');
    expect(await sandboxRefunds(order.id)).toEqual([{ amount: 180, status: 'succeeded' }]);

    // The member's wallet no longer lists them, and a unit cannot be used.
    const wallet = await shop.call(m, 'GET', '/bff/wallet');
    expect(wallet.json<{ data: { items: unknown[] } }>().data.items).toHaveLength(0);
    const [first] = await units(order.id);
    expect(shop.errorOf(await useUnit(m, first!.id), 404)).toBe('wallet_voucher_not_found');

    const notes = await shop.call(m, 'GET', '/bff/userTier/notifications', undefined, {
      'accept-language': 'th',
    });
    const list = notes.json<{ data: { type: string; title: string; description: string }[] }>().data;
    const note = list.find((n) => n.type === 'order_refunded');
    expect(note?.title).toBe('คืนเงินแล้ว');
    expect(note?.description).toContain('฿180');

    const mail = await mailTo(m.email, order.number);
    const refundMail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', m.email)
      .where('subject', 'like', `การคืนเงิน%${order.number}%`)
      .executeTakeFirst();
    expect(mail).toBeDefined();
    expect(refundMail?.text_body).toContain('฿180');
    expect(refundMail?.text_body).toContain('customer asked');

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', order.id)
      .where('action', '=', 'order.refund')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: support.staffId, reason: 'customer asked' });

    // The member's points history names the order the points were taken back for.
    const history = await shop.call(m, 'GET', '/bff/orders/histories/point?type=reverse');
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history.json<{ data: { items: { movement: string; points: number; orderNumber: string | null }[] } }>()
        .data.items,
    ).toEqual([
      expect.objectContaining({
        movement: 'reverse',
        points: -order.pointsEarned,
        orderNumber: order.number,
      }),
    ]);

    // Nothing left to refund.
    expect(shop.errorOf(await refund(order.id, { reason: 'again' }), 409)).toBe('order_not_refundable');
  });

  it('refunds by line and unit, then the rest: amounts add up to what was paid, coupon released only at the end', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 100, points_earned: 4, stock: 10 });
    const w = await shop.voucher({ price: 50, points_earned: 2 });
    const c = await shop.coupon({ discount_type: 'percent', discount_value: 10 });
    const added = await shop.call(m, 'POST', '/bff/cart/addItems', {
      items: [
        { voucherId: v, quantity: 3 },
        { voucherId: w, quantity: 1 },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const cartLines = added.json<{ data: { items: { id: string }[] } }>().data.items.map((i) => i.id);
    const placed = await shop.call(m, 'POST', '/bff/orders/cart', {
      cartItemIds: cartLines,
      ...shop.contact(m),
      couponCode: c.code,
    });
    let order = shop.orderOf(placed);
    await shop.answerBank(order.id, 'approve');
    order = await shop.settled(m, order.id);
    expect(order.status).toBe('SUCCESSFUL');
    const items = await itemsOf(order.id);
    const lineV = items.find((i) => i.voucher_id === v)!;
    const before = await pointsBalance(t.db, m.id);

    const one = refunded(
      await refund(order.id, { lines: [{ itemId: lineV.id, quantity: 1 }], reason: 'one broken' }),
    );
    expect(one.status).toBe('succeeded');
    expect(one.lines).toEqual([{ itemId: lineV.id, quantity: 1 }]);
    expect(await orderStatus(order.id)).toBe('PARTIALLY_REFUNDED');
    expect(await shop.sold(v)).toBe(2);
    expect(await shop.couponUsed(c.id)).toBe(1);
    expect((await units(order.id)).filter((u) => u.voided_at).length).toBe(1);
    expect(one.pointsReversed).toBe(Math.floor(lineV.points / 3));
    expect(await pointsBalance(t.db, m.id)).toBe(before - one.pointsReversed);
    // Its share of what was paid (the 10% spread over the lines), rounded down.
    expect(one.amount).toBe(Math.floor((order.total * 300) / 350 / 3));

    // The same line again past what is left.
    expect(
      shop.errorOf(
        await refund(order.id, { lines: [{ itemId: lineV.id, quantity: 3 }], reason: 'too many' }),
        409,
      ),
    ).toBe('refund_exceeds_quantity');

    const rest = refunded(await refund(order.id, { reason: 'the rest' }));
    expect(rest.amount + one.amount).toBe(order.total);
    expect(await orderStatus(order.id)).toBe('REFUNDED');
    expect(await shop.couponUsed(c.id)).toBe(0);
    expect(await shop.sold(v)).toBe(0);
    expect(await pointsBalance(t.db, m.id)).toBe(before - order.pointsEarned);
    expect((await sandboxRefunds(order.id)).reduce((s, r) => s + r.amount, 0)).toBe(order.total);
  });

  it('never refunds a used unit: the whole order is refused, the unused ones can be refunded by line', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 100 });
    const order = await paidOrder(m, { voucherId: v, quantity: 2 });
    const [a, b] = await units(order.id);
    expect((await useUnit(m, a!.id)).statusCode).toBe(200);
    expect(shop.errorOf(await refund(order.id, { reason: 'all units' }), 409)).toBe('refund_units_used');
    expect(
      shop.errorOf(
        await refund(order.id, { lines: [{ itemId: a!.order_item_id!, quantity: 2 }], reason: 'two units' }),
        409,
      ),
    ).toBe('refund_units_used');
    // Nothing moved.
    expect((await units(order.id)).every((u) => u.voided_at === null)).toBe(true);
    expect(await orderStatus(order.id)).toBe('SUCCESSFUL');

    const r = refunded(
      await refund(order.id, { lines: [{ itemId: a!.order_item_id!, quantity: 1 }], reason: 'unused' }),
    );
    expect(r.amount).toBe(100);
    const after = await units(order.id);
    expect(after.find((u) => u.id === b!.id)?.voided_at).not.toBeNull();
    expect(after.find((u) => u.id === a!.id)?.voided_at).toBeNull();
    expect(await orderStatus(order.id)).toBe('PARTIALLY_REFUNDED');
  });

  it('a member whose points are spent goes no lower than zero; the shortfall is recorded', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 500, points_earned: 20 });
    const order = await paidOrder(m, { voucherId: v });
    expect(order.pointsEarned).toBe(20);
    // Spend 15 of them (a redemption's burn, as the points module writes it).
    const { burnPoints } = await import('../src/modules/points/index.ts');
    await t.db.transaction().execute((trx) =>
      burnPoints(trx, {
        memberId: m.id,
        points: 15,
        reason: 'test',
        privilegeId: null,
        now: t.clock.now(),
      }),
    );
    const r = refunded(await refund(order.id, { reason: 'spent' }));
    expect(r).toMatchObject({ pointsReversed: 5, pointsShortfall: 15 });
    expect(await pointsBalance(t.db, m.id)).toBe(0);
  });

  it('a replayed request refunds once; the same key with another body is refused', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 100 });
    const order = await paidOrder(m, { voucherId: v, quantity: 2 });
    const [item] = await itemsOf(order.id);
    const body = { lines: [{ itemId: item!.id, quantity: 1 }], reason: 'replay' };
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => refund(order.id, body, key)));
    const ids = new Set(answers.map((a) => refunded(a).id));
    expect(ids.size).toBe(1);
    expect(refunded(await refund(order.id, body, key)).id).toBe([...ids][0]);
    expect(await sandboxRefunds(order.id)).toHaveLength(1);
    expect((await units(order.id)).filter((u) => u.voided_at).length).toBe(1);
    expect(shop.errorOf(await refund(order.id, { ...body, reason: 'other' }, key), 422)).toBe(
      'idempotency_key_reused',
    );
  });

  it('concurrent refunds of the same order with different keys: one refunds, the others are refused', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 100, stock: 5 });
    for (let round = 0; round < RACE_RUNS; round++) {
      const order = await paidOrder(m, { voucherId: v, quantity: 2 });
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => refund(order.id, { reason: 'at once' })));
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok).toHaveLength(1);
      for (const a of answers.filter((x) => x.statusCode !== 200))
        expect(['refund_in_progress', 'order_not_refundable']).toContain(shop.errorOf(a, 409));
      expect(await sandboxRefunds(order.id)).toEqual([{ amount: 200, status: 'succeeded' }]);
      expect(await orderStatus(order.id)).toBe('REFUNDED');
    }
    expect(await shop.sold(v)).toBe(0);
  });

  it('a provider that refuses leaves nothing changed; one that does not answer leaves it pending until retried', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 100, stock: 5 });
    const order = await paidOrder(m, { voucherId: v });
    const chargeRef = await shop.chargeRefOf(order.id);
    const switchTo = (outcome: 'declined' | 'unavailable' | null) =>
      t.db
        .updateTable('sandbox_charge')
        .set({ refund_outcome: outcome })
        .where('ref', '=', chargeRef)
        .execute();
    const points = await pointsBalance(t.db, m.id);

    await switchTo('declined');
    expect(shop.errorOf(await refund(order.id, { reason: 'declined' }), 409)).toBe('refund_declined');
    expect(await orderStatus(order.id)).toBe('SUCCESSFUL');
    expect((await units(order.id)).every((u) => u.voided_at === null)).toBe(true);
    expect(await pointsBalance(t.db, m.id)).toBe(points);
    expect(await shop.sold(v)).toBe(1);

    await switchTo('unavailable');
    const key = randomUUID();
    const pending = refunded(await refund(order.id, { reason: 'no answer' }, key));
    expect(pending.status).toBe('pending');
    // Held: out of the wallet so it cannot be used meanwhile, but nothing else moved yet.
    const [unit] = await units(order.id);
    expect(unit?.voided_at).not.toBeNull();
    expect(shop.errorOf(await useUnit(m, unit!.id), 404)).toBe('wallet_voucher_not_found');
    expect(await orderStatus(order.id)).toBe('SUCCESSFUL');
    expect(await pointsBalance(t.db, m.id)).toBe(points);
    expect(await shop.sold(v)).toBe(1);
    // Another refund of the order waits for this one.
    expect(shop.errorOf(await refund(order.id, { reason: 'second' }), 409)).toBe('refund_in_progress');

    await switchTo(null);
    const done = refunded(await refund(order.id, { reason: 'no answer' }, key));
    expect(done).toMatchObject({ id: pending.id, status: 'succeeded', amount: 100 });
    expect(await orderStatus(order.id)).toBe('REFUNDED');
    expect(await pointsBalance(t.db, m.id)).toBe(0);
    expect(await shop.sold(v)).toBe(0);
    // The refused ask and the one that went through; the unanswered one never reached the gateway's books.
    expect((await sandboxRefunds(order.id)).map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    // Each outcome is audited by the app itself, beside the staff member's asks.
    expect(await outcomeAudits(order.id)).toEqual([
      { action: 'order.refund.failed', staff_id: null, staff_email: 'system', request_id: null },
      { action: 'order.refund.succeeded', staff_id: null, staff_email: 'system', request_id: null },
    ]);
  });

  it('the refund job finishes a refund the provider did not answer, with no request repeated', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 100 });
    const order = await paidOrder(m, { voucherId: v });
    const chargeRef = await shop.chargeRefOf(order.id);
    const switchTo = (outcome: 'unavailable' | null) =>
      t.db
        .updateTable('sandbox_charge')
        .set({ refund_outcome: outcome })
        .where('ref', '=', chargeRef)
        .execute();
    await switchTo('unavailable');
    const pending = refunded(await refund(order.id, { reason: 'gateway down' }));
    expect(pending.status).toBe('pending');
    await switchTo(null);
    // The job queued with the refund waits 30 s (the request normally finishes it); make it due now,
    // as it would be for a process that died after asking the provider.
    const jobs = sql.table(`${await jobsSchemaFor(t.db)}.job`);
    await sql`update ${jobs} set start_after = now() where name = 'orders.refund' and data->>'refundId' = ${pending.id}`.execute(
      t.db,
    );
    const until = Date.now() + 15_000;
    let row;
    do {
      row = await t.db
        .selectFrom('refund')
        .selectAll()
        .where('id', '=', pending.id)
        .executeTakeFirstOrThrow();
      if (row.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < until);
    expect(row.status).toBe('succeeded');
    expect(await orderStatus(order.id)).toBe('REFUNDED');
    expect(await sandboxRefunds(order.id)).toEqual([{ amount: 100, status: 'succeeded' }]);
  });

  it('a charge paid after its order was cancelled is refunded by itself, the order staying cancelled', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 120 });
    const order = shop.orderOf(await shop.buy(m, { voucherId: v }));
    // The cancel that raced the payment: the order closed while its charge could still be paid.
    await t.db
      .updateTable('purchase_order')
      .set({ status: 'CANCELLED' })
      .where('id', '=', order.id)
      .execute();
    await shop.answerBank(order.id, 'approve');
    const until = Date.now() + 15_000;
    let row;
    do {
      row = await t.db.selectFrom('refund').selectAll().where('order_id', '=', order.id).executeTakeFirst();
      if (row?.status === 'succeeded') break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < until);
    expect(row).toMatchObject({ status: 'succeeded', source: 'late_charge', amount: 120 });
    expect(await outcomeAudits(order.id)).toEqual([
      { action: 'order.refund.succeeded', staff_id: null, staff_email: 'system', request_id: null },
    ]);
    expect(await sandboxRefunds(order.id)).toEqual([{ amount: 120, status: 'succeeded' }]);
    expect(await orderStatus(order.id)).toBe('CANCELLED');
    expect(await units(order.id)).toHaveLength(0);
    const note = await t.db
      .selectFrom('notification')
      .select('type')
      .where('member_id', '=', m.id)
      .where('type', '=', 'order_refunded')
      .execute();
    expect(note).toHaveLength(1);
  });

  it(`a refund racing the member's Use of the same unit: exactly one wins (${RACE_RUNS} rounds)`, async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 100 });
    for (let round = 0; round < RACE_RUNS; round++) {
      const order = await paidOrder(m, { voucherId: v });
      const [unit] = await units(order.id);
      const [used, ref] = await Promise.all([useUnit(m, unit!.id), refund(order.id, { reason: 'race' })]);
      const after = (await units(order.id))[0]!;
      if (used.statusCode === 200) {
        expect(shop.errorOf(ref, 409)).toBe('refund_units_used');
        expect(after).toMatchObject({ used_count: 1, voided_at: null });
        expect(await orderStatus(order.id)).toBe('SUCCESSFUL');
        expect(await sandboxRefunds(order.id)).toHaveLength(0);
      } else {
        expect(used.statusCode, used.body).toBe(404);
        expect(refunded(ref).status).toBe('succeeded');
        expect(after.used_count).toBe(0);
        expect(after.voided_at).not.toBeNull();
        expect(await orderStatus(order.id)).toBe('REFUNDED');
      }
    }
  });

  it('refunds a free order without asking the provider; refunded units no longer count against a per-member limit', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 0, stock: 3, limit_per_member: 1 });
    const order = await paidOrder(m, { voucherId: v });
    expect(order.total).toBe(0);
    expect(shop.errorOf(await shop.buy(m, { voucherId: v, channelCode: undefined }), 409)).toBe(
      'purchase_limit_reached',
    );
    const r = refunded(await refund(order.id, { reason: 'free one back' }));
    expect(r).toMatchObject({ status: 'succeeded', amount: 0, providerRef: null });
    expect(await orderStatus(order.id)).toBe('REFUNDED');
    expect(await shop.sold(v)).toBe(0);
    const again = shop.orderOf(await shop.buy(m, { voucherId: v, channelCode: undefined }));
    expect(again.status).toBe('SUCCESSFUL');
  });

  it('refuses orders that are not paid and issued', async () => {
    const m = await shop.member();
    const v = await shop.voucher({ price: 100 });
    const pending = shop.orderOf(await shop.buy(m, { voucherId: v }));
    expect(shop.errorOf(await refund(pending.id, { reason: 'unpaid' }), 409)).toBe('order_not_refundable');
    expect(shop.errorOf(await refund(randomUUID(), { reason: 'nobody' }), 404)).toBe('order_not_found');
  });
});
