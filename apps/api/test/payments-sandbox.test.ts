import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { checksum, parse } from 'promptparse';
import { anyId as readAnyId } from 'promptparse/validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../src/app.ts';
import { AppError } from '../src/app-error.ts';
import { DEMO_PROMPTPAY_ID, type Config } from '../src/config.ts';
import type { Database } from '../src/db/schema.ts';
import { errorHandler } from '../src/http/errors.ts';
import { registerSecurityHeaders } from '../src/http/security-headers.ts';
import { registerTextGuard } from '../src/http/text-guard.ts';
import {
  createPaymentProvider,
  paymentsModule,
  type Charge,
  type PaymentProvider,
  type WebhookEvent,
} from '../src/modules/payments/index.ts';
import { checkWebhookSignature, signWebhook } from '../src/modules/payments/webhook-signature.ts';
import {
  buildTestApp,
  createTestClock,
  testConfig,
  type LogLine,
  type TestApp,
  type TestClock,
} from './helpers/build-test-app.ts';
import { openTestDatabase } from './helpers/test-database.ts';

/*
 * The sandbox payment provider, its signed webhook and the dev bank pages. Most tests run on an app
 * holding only the payments module, so the webhook's handler can be a spy that records every event it
 * is given (in the real app it is orders'); the last ones check the wiring in the real app.
 * PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
 */

const SIGNATURE = 'sandbox-signature';
const WEBHOOK = '/payments/webhooks/sandbox';
const MINUTE = 60_000;

interface Harness {
  app: ReturnType<typeof Fastify>;
  db: Kysely<Database>;
  clock: TestClock;
  config: Config;
  provider: PaymentProvider;
  /** Every event the webhook route handed to its handler, in order. */
  events: WebhookEvent[];
  logs: LogLine[];
  close: () => Promise<void>;
}

/** The payments module as app.ts registers it, with the app's error handler, text guard and headers. */
const buildPaymentsApp = async (overrides: Partial<Config> = {}): Promise<Harness> => {
  const database = await openTestDatabase();
  const clock = createTestClock(new Date('2026-03-01T03:00:00Z'));
  const config = testConfig({ databaseUrl: database.url, ...overrides });
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, bodyLimit: JSON_BODY_LIMIT });
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  zapp.setValidatorCompiler(validatorCompiler);
  zapp.setSerializerCompiler(serializerCompiler);
  zapp.setErrorHandler(errorHandler);
  registerTextGuard(zapp);
  await registerSecurityHeaders(zapp, { hsts: false });
  const provider = createPaymentProvider(config, { db: database.db, now: clock.now });
  const events: WebhookEvent[] = [];
  await zapp.register(paymentsModule, {
    deps: { db: database.db, now: clock.now, config },
    provider,
    onChargeEvent: async (event) => void events.push(event),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    config,
    provider,
    events,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

const chargeInput = (
  h: Harness,
  over: Partial<Parameters<PaymentProvider['createCharge']>[0]> = {},
): Parameters<PaymentProvider['createCharge']>[0] => ({
  // A new key per call: each call asks for a charge of its own.
  idempotencyKey: randomUUID(),
  amount: 1234,
  channelCode: 'promptpay',
  description: 'Siam Coffee · Latte voucher',
  metadata: { orderId: '3f1c6f5e-0000-4000-8000-000000000001', orderNumber: 'K7Q2M9' },
  expiresAt: new Date(h.clock.now().getTime() + 15 * MINUTE),
  returnUri: '/checkout/orders/3f1c6f5e-0000-4000-8000-000000000001',
  ...over,
});

const rowOf = (h: Harness, ref: string) =>
  h.db.selectFrom('sandbox_charge').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();

/** A webhook body as the sandbox sends it. */
const eventBody = (chargeRef: string, id = 'evnt_sbx_test0001') =>
  JSON.stringify({
    object: 'event',
    id,
    key: 'charge.complete',
    created_at: '2026-03-01T03:00:00.000Z',
    data: { object: 'charge', id: chargeRef, status: 'successful' },
  });

const postWebhook = (h: Harness, body: string, headers: Record<string, string | string[]>) =>
  h.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });

/** A form post, by default from the bank page itself as a browser sends it. */
const answer = (
  h: Harness,
  ref: string,
  fields: Record<string, string>,
  origin: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
) =>
  h.app.inject({
    method: 'POST',
    url: `/sandbox/pay/${ref}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin },
  });

const expectHtml = (res: LightMyRequestResponse, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
};

describe('webhook signature (t=…,v1=HMAC-SHA256 of "t.body")', () => {
  const secret = 's'.repeat(40);
  const body = Buffer.from('{"id":"evnt_1"}');
  const at = new Date('2026-03-01T00:00:00Z');
  const later = (s: number) => new Date(at.getTime() + s * 1000);

  it('accepts its own signature within 300 s either way', () => {
    const header = signWebhook(secret, body, at);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    for (const s of [0, 299, -299, 300])
      expect(checkWebhookSignature(secret, body, header, later(s))).toBeNull();
  });

  it('refuses a stale or future timestamp', () => {
    const header = signWebhook(secret, body, at);
    expect(checkWebhookSignature(secret, body, header, later(301))).toBe('outside_tolerance');
    expect(checkWebhookSignature(secret, body, header, later(-301))).toBe('outside_tolerance');
  });

  it('refuses another secret, another body, a changed timestamp', () => {
    const header = signWebhook(secret, body, at);
    expect(checkWebhookSignature('x'.repeat(40), body, header, at)).toBe('mismatch');
    expect(checkWebhookSignature(secret, Buffer.from('{"id":"evnt_2"}'), header, at)).toBe('mismatch');
    expect(checkWebhookSignature(secret, Buffer.concat([body, Buffer.from(' ')]), header, at)).toBe(
      'mismatch',
    );
    const moved = header.replace(/^t=(\d+)/, (_m, t: string) => `t=${Number(t) + 1}`);
    expect(checkWebhookSignature(secret, body, moved, at)).toBe('mismatch');
  });

  it('refuses missing and malformed headers', () => {
    const good = signWebhook(secret, body, at);
    const v1 = good.split(',')[1]!;
    expect(checkWebhookSignature(secret, body, undefined, at)).toBe('missing');
    expect(checkWebhookSignature(secret, body, '', at)).toBe('missing');
    for (const bad of [
      v1, // no timestamp
      good.split(',')[0]!, // no signature
      `t=abc,${v1}`,
      `t=1,t=2,${v1}`,
      `${good.split(',')[0]!},v1=zz`,
      'garbage',
      `${good},=x`,
    ])
      expect(checkWebhookSignature(secret, body, bad, at), bad).toBe('malformed');
    expect(checkWebhookSignature(secret, body, [good, good], at)).toBe('malformed');
  });

  it('accepts a header carrying several v1 signatures when one matches (secret rotation)', () => {
    const good = signWebhook(secret, body, at);
    const [t, v1] = good.split(',');
    const other = signWebhook('o'.repeat(40), body, at).split(',')[1]!;
    expect(checkWebhookSignature(secret, body, `${t!},${other},${v1!}`, at)).toBeNull();
    expect(checkWebhookSignature(secret, body, `${t!},${other}`, at)).toBe('mismatch');
  });
});

describe('sandbox provider', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await buildPaymentsApp();
  });
  afterAll(() => h.close());

  it('offers PromptPay and card, named in the asked language', async () => {
    expect(await h.provider.channels('en')).toEqual([
      {
        code: 'promptpay',
        type: 'promptpay',
        name: 'PromptPay QR',
        description: 'Scan the QR code with any Thai bank app',
      },
      { code: 'card', type: 'card', name: 'Credit or debit card', description: 'Visa, Mastercard or JCB' },
    ]);
    const th = await h.provider.channels('th');
    expect(th.map((c) => c.name)).toEqual(['พร้อมเพย์ QR', 'บัตรเครดิตหรือบัตรเดบิต']);
  });

  it('carries a real PromptPay payload: our id, the amount, a correct CRC16', async () => {
    const charge = await h.provider.createCharge(chargeInput(h, { amount: 1234 }));
    const payload = charge.qrPayload!;
    expect(readAnyId(payload)).toEqual({ type: 'MSISDN', target: '0891234567', amount: 1234 });
    const qr = parse(payload, true, true)!;
    expect(qr.getTagValue('01')).toBe('12'); // dynamic: one payment, amount fixed
    expect(qr.getTagValue('29', '00')).toBe('A000000677010111'); // PromptPay's application id
    expect(qr.getTagValue('29', '01')).toBe('0066891234567');
    expect(qr.getTagValue('53')).toBe('764'); // baht
    expect(qr.getTagValue('54')).toBe('1234.00');
    expect(qr.getTagValue('58')).toBe('TH');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(checksum(payload.slice(0, -4)));
    // One digit changed: the CRC no longer matches, a bank app would refuse it.
    const tampered = payload.replace('1234.00', '1284.00');
    expect(readAnyId(tampered)).toBeNull();
  });

  it('uses a 13-digit tax id as the PromptPay target when configured so', async () => {
    const other = createPaymentProvider(testConfig({ promptPayId: DEMO_PROMPTPAY_ID }), {
      db: h.db,
      now: h.clock.now,
    });
    const charge = await other.createCharge(chargeInput(h, { amount: 50 }));
    expect(readAnyId(charge.qrPayload!)).toEqual({ type: 'NATID', target: DEMO_PROMPTPAY_ID, amount: 50 });
  });

  it('creates, retrieves and expires a charge on read after its expiry', async () => {
    const input = chargeInput(h);
    const created = await h.provider.createCharge(input);
    expect(created).toMatchObject({
      channelCode: 'promptpay',
      type: 'promptpay',
      amount: 1234,
      status: 'pending',
      failureCode: null,
      metadata: input.metadata,
      authorizeUri: `/sandbox/pay/${created.ref}`,
    } satisfies Partial<Charge>);
    expect(created.ref).toMatch(/^chrg_sbx_[0-9a-f]{24}$/);
    expect(created.expiresAt.getTime()).toBe(input.expiresAt.getTime());
    expect(await h.provider.retrieveCharge(created.ref)).toEqual(created);

    h.clock.advance(15 * MINUTE - 1);
    expect((await h.provider.retrieveCharge(created.ref)).status).toBe('pending');
    h.clock.advance(1);
    expect((await h.provider.retrieveCharge(created.ref)).status).toBe('expired');
    expect((await rowOf(h, created.ref)).status).toBe('expired');
    // Nothing brings an expired charge back.
    expect((await h.provider.cancelCharge(created.ref)).status).toBe('expired');
  });

  it('cancels a pending charge once; a finished one is returned as it is', async () => {
    const card = await h.provider.createCharge(chargeInput(h, { channelCode: 'card', amount: 99 }));
    expect(card).toMatchObject({ type: 'card', qrPayload: null, authorizeUri: `/sandbox/pay/${card.ref}` });
    const cancelled = await h.provider.cancelCharge(card.ref);
    expect(cancelled.status).toBe('cancelled');
    expect(await h.provider.cancelCharge(card.ref)).toEqual(cancelled);
    expect((await rowOf(h, card.ref)).updated_at.getTime()).toBe(h.clock.now().getTime());
  });

  it('names unknown charges and channels with their error codes', async () => {
    await expect(h.provider.retrieveCharge('chrg_sbx_nope')).rejects.toMatchObject({
      code: 'payment_not_found',
    });
    await expect(h.provider.cancelCharge('chrg_sbx_nope')).rejects.toBeInstanceOf(AppError);
    await expect(h.provider.createCharge(chargeInput(h, { channelCode: 'truemoney' }))).rejects.toMatchObject(
      {
        code: 'channel_unavailable',
      },
    );
  });

  it('refuses a return path that could leave the app', async () => {
    for (const returnUri of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'checkout'])
      await expect(h.provider.createCharge(chargeInput(h, { returnUri }))).rejects.toThrow(/returnUri/);
  });
});

describe('POST /payments/webhooks/sandbox', () => {
  let h: Harness;
  let ref: string;
  beforeAll(async () => {
    h = await buildPaymentsApp();
    ref = (await h.provider.createCharge(chargeInput(h))).ref;
  });
  afterAll(() => h.close());

  const secret = () => h.config.paymentWebhookSecret;
  const refused = async (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'webhook_invalid',
      message: ['The payment notification could not be verified.'],
    });
  };

  it('hands a correctly signed event to the handler once and answers 200', async () => {
    const before = h.events.length;
    const body = eventBody(ref, 'evnt_sbx_good');
    const res = await postWebhook(h, body, { [SIGNATURE]: signWebhook(secret(), body, h.clock.now()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { received: true } });
    expect(h.events.slice(before)).toEqual([
      { id: 'evnt_sbx_good', type: 'charge.complete', chargeRef: ref },
    ]);
  });

  it('refuses bad signatures, other secrets, stale and future timestamps, a missing header, a changed body', async () => {
    const before = h.events.length;
    const body = eventBody(ref, 'evnt_sbx_bad');
    const now = h.clock.now();
    const good = signWebhook(secret(), body, now);
    const flipped = good.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const cases: Array<[string, string, Record<string, string | string[]>]> = [
      ['flipped signature', body, { [SIGNATURE]: flipped }],
      ['another secret', body, { [SIGNATURE]: signWebhook('w'.repeat(40), body, now) }],
      ['stale', body, { [SIGNATURE]: signWebhook(secret(), body, new Date(now.getTime() - 301_000)) }],
      ['future', body, { [SIGNATURE]: signWebhook(secret(), body, new Date(now.getTime() + 301_000)) }],
      ['missing header', body, {}],
      ['empty header', body, { [SIGNATURE]: '' }],
      ['stripe header name', body, { 'stripe-signature': good }],
      ['tampered body', body.replace(ref, `${ref}x`), { [SIGNATURE]: good }],
      ['re-serialised body', JSON.stringify(JSON.parse(body), null, 1), { [SIGNATURE]: good }],
    ];
    for (const [label, payload, headers] of cases) {
      const res = await postWebhook(h, payload, headers);
      expect(res.statusCode, label).toBe(400);
      await refused(res);
    }
    expect(h.events.length).toBe(before);
    // Each refusal is logged with its reason (for whoever debugs a gateway's configuration).
    const reasons = h.logs.filter((l) => l.msg === 'webhook refused').map((l) => l.reason);
    expect(reasons).toEqual(expect.arrayContaining(['signature mismatch', 'signature outside_tolerance']));
  });

  it('refuses signed bodies that are not a charge.complete event, and bodies of any type', async () => {
    const before = h.events.length;
    const sign = (body: string) => ({ [SIGNATURE]: signWebhook(secret(), body, h.clock.now()) });
    for (const body of [
      'not json',
      '',
      '[]',
      'null',
      JSON.stringify({
        object: 'event',
        id: 'evnt_1',
        key: 'charge.create',
        data: { object: 'charge', id: ref },
      }),
      JSON.stringify({ object: 'event', id: 'evnt 1', key: 'charge.complete', created_at: 'x', data: {} }),
      eventBody('chrg_\u0000nul'),
    ])
      await refused(await postWebhook(h, body, sign(body)));
    for (const type of [
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: { 'content-type': type },
        payload: 'a=1',
      });
      await refused(res);
    }
    await refused(await h.app.inject({ method: 'POST', url: WEBHOOK }));
    expect(h.events.length).toBe(before);
  });

  it('answers 413, not 5xx, for a body over the limit', async () => {
    const body = JSON.stringify({ pad: 'a'.repeat(70 * 1024) });
    const res = await postWebhook(h, body, { [SIGNATURE]: signWebhook(secret(), body, h.clock.now()) });
    expect(res.statusCode).toBe(413);
  });
});

describe('the sandbox bank pages', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await buildPaymentsApp();
  });
  afterAll(() => h.close());

  const eventsFor = (ref: string) => h.events.filter((e) => e.chargeRef === ref);

  it('shows a PromptPay charge with its amount, store and order, escaped, in English or Thai', async () => {
    const c = await h.provider.createCharge(chargeInput(h, { description: 'Café <b>&</b> "Bar"' }));
    const res = await h.app.inject({ method: 'GET', url: `/sandbox/pay/${c.ref}` });
    expectHtml(res, 200);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('฿1,234');
    expect(res.body).toContain('Café &lt;b&gt;&amp;&lt;/b&gt; &quot;Bar&quot;');
    expect(res.body).not.toContain('<b>&</b>');
    expect(res.body).toContain('K7Q2M9');
    expect(res.body).toContain('value="approve"');
    expect(res.body).toContain('value="decline"');
    expect(res.body).not.toContain('<script');
    const th = await h.app.inject({ method: 'GET', url: `/sandbox/pay/${c.ref}?lang=th` });
    expectHtml(th, 200);
    expect(th.body).toContain('<html lang="th">');
    expect(th.body).toContain('อนุมัติการชำระเงิน');
    expect(th.body).toContain('name="lang" value="th"');
    // Without ?lang the browser's language decides.
    const thByHeader = await h.app.inject({
      method: 'GET',
      url: `/sandbox/pay/${c.ref}`,
      headers: { 'accept-language': 'th-TH,th;q=0.9' },
    });
    expect(thByHeader.body).toContain('<html lang="th">');
  });

  it('Approve: the charge succeeds, one signed webhook is delivered, the browser goes back to the order', async () => {
    const c = await h.provider.createCharge(chargeInput(h));
    const res = await answer(h, c.ref, { action: 'approve', lang: 'en' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/checkout/orders/3f1c6f5e-0000-4000-8000-000000000001');
    expect((await h.provider.retrieveCharge(c.ref)).status).toBe('successful');
    expect(eventsFor(c.ref)).toEqual([
      { id: expect.stringMatching(/^evnt_sbx_[0-9a-f]{24}$/), type: 'charge.complete', chargeRef: c.ref },
    ]);

    // Approving again changes nothing and says so.
    const again = await answer(h, c.ref, { action: 'approve', lang: 'en' });
    expectHtml(again, 409);
    expect(again.body).toContain('Nothing was changed: this payment was already finished.');
    expect(again.body).toContain('Payment approved');
    const declineAfter = await answer(h, c.ref, { action: 'decline' });
    expectHtml(declineAfter, 409);
    expect((await h.provider.retrieveCharge(c.ref)).status).toBe('successful');
    // Nor can a cancel undo a payment that went through.
    expect((await h.provider.cancelCharge(c.ref)).status).toBe('successful');
    expect(eventsFor(c.ref)).toHaveLength(1);
    // The page itself now shows the result instead of the buttons.
    const page = await h.app.inject({ method: 'GET', url: `/sandbox/pay/${c.ref}` });
    expectHtml(page, 200);
    expect(page.body).not.toContain('value="approve"');
  });

  it('Decline in Thai: the charge fails as payment_rejected and the browser returns under /th', async () => {
    const c = await h.provider.createCharge(chargeInput(h));
    const res = await answer(h, c.ref, { action: 'decline', lang: 'th' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/th/checkout/orders/3f1c6f5e-0000-4000-8000-000000000001');
    expect(await h.provider.retrieveCharge(c.ref)).toMatchObject({
      status: 'failed',
      failureCode: 'payment_rejected',
    });
    expect(eventsFor(c.ref)).toHaveLength(1);
  });

  it('five answers at once: exactly one takes effect and one webhook is delivered', async () => {
    const c = await h.provider.createCharge(chargeInput(h));
    const results = await Promise.all(
      ['approve', 'decline', 'approve', 'decline', 'approve'].map((action) => answer(h, c.ref, { action })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([303, 409, 409, 409, 409]);
    expect(eventsFor(c.ref)).toHaveLength(1);
  });

  it('accepts a JSON answer too', async () => {
    const c = await h.provider.createCharge(chargeInput(h));
    const res = await h.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${c.ref}`,
      headers: { 'content-type': 'application/json' },
      payload: { action: 'approve' },
    });
    expect(res.statusCode).toBe(303);
    expect(eventsFor(c.ref)).toHaveLength(1);
  });

  describe('card', () => {
    const card = async () => (await h.provider.createCharge(chargeInput(h, { channelCode: 'card' }))).ref;
    const pay = (ref: string, number: string, expiry = '12/30', cvc = '123') =>
      answer(h, ref, { action: 'pay', number, expiry, cvc, lang: 'en' });

    it('shows the card form and the test numbers', async () => {
      const ref = await card();
      const res = await h.app.inject({ method: 'GET', url: `/sandbox/pay/${ref}` });
      expectHtml(res, 200);
      for (const text of [
        '4242 4242 4242 4242',
        '4000 0000 0000 0002',
        'autocomplete="cc-number"',
        'Pay ฿1,234',
      ])
        expect(res.body).toContain(text);
    });

    it('4242 4242 4242 4242 succeeds, with one webhook', async () => {
      const ref = await card();
      const res = await pay(ref, '4242 4242 4242 4242');
      expect(res.statusCode, res.body).toBe(303);
      expect((await h.provider.retrieveCharge(ref)).status).toBe('successful');
      expect(eventsFor(ref)).toHaveLength(1);
    });

    it('4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds', async () => {
      const declined = await card();
      expect((await pay(declined, '4000000000000002')).statusCode).toBe(303);
      expect(await h.provider.retrieveCharge(declined)).toMatchObject({
        status: 'failed',
        failureCode: 'payment_rejected',
      });
      const poor = await card();
      expect((await pay(poor, '4000-0000-0000-9995', '01/2031', '9876')).statusCode).toBe(303);
      expect(await h.provider.retrieveCharge(poor)).toMatchObject({
        status: 'failed',
        failureCode: 'insufficient_fund',
      });
      expect(eventsFor(declined)).toHaveLength(1);
      expect(eventsFor(poor)).toHaveLength(1);
    });

    it('an invalid card is shown again with what is wrong; the charge stays pending, no webhook', async () => {
      const ref = await card();
      const cases: Array<[string, string, string, string]> = [
        ['4242 4242 4242 4241', '12/30', '123', 'Enter a valid card number.'],
        ['5555 5555 5555 4444', '12/30', '123', 'use one of the test card numbers below'],
        ['4242424242424242', '13/30', '123', 'Enter the expiry date as MM/YY.'],
        ['4242424242424242', '02/26', '123', 'This card has expired.'],
        ['4242424242424242', '12/30', '12', 'Enter the 3 or 4 digit security code.'],
        ['', '', '', 'Enter a valid card number.'],
      ];
      for (const [number, expiry, cvc, message] of cases) {
        const res = await pay(ref, number, expiry, cvc);
        expectHtml(res, 422);
        expect(res.body, `${number} ${expiry} ${cvc}`).toContain(message);
        expect(res.body).toContain('aria-invalid="true"');
        // The security code is never written back into the page.
        expect(res.body).toMatch(/name="cvc"[^>]*value=""/);
      }
      // The card's own month is still good (Bangkok time), the month before is not.
      expect((await pay(ref, '4242424242424242', '03/26')).statusCode).toBe(303);
      expect((await h.provider.retrieveCharge(ref)).status).toBe('successful');
      expect(eventsFor(ref)).toHaveLength(1);
    });

    it('Approve is not an answer to a card charge, nor a card to a PromptPay one', async () => {
      const ref = await card();
      expectHtml(await answer(h, ref, { action: 'approve' }), 400);
      const qr = (await h.provider.createCharge(chargeInput(h))).ref;
      expectHtml(await answer(h, qr, { action: 'pay', number: '4242424242424242' }), 400);
      expectHtml(await answer(h, qr, { action: 'steal' }), 400);
      expect((await h.provider.retrieveCharge(ref)).status).toBe('pending');
      expect((await h.provider.retrieveCharge(qr)).status).toBe('pending');
    });
  });

  it('Let it expire (Thai): the charge expires now, one signed webhook, back under /th; nothing answers it after', async () => {
    const c = await h.provider.createCharge(chargeInput(h));
    const page = await h.app.inject({ method: 'GET', url: `/sandbox/pay/${c.ref}?lang=th` });
    expectHtml(page, 200);
    expect(page.body).toContain('value="expire"');
    expect(page.body).toContain('ปล่อยให้หมดเวลา');

    h.clock.advance(MINUTE); // well inside its 15 minutes: only the answer ends it
    const res = await answer(h, c.ref, { action: 'expire', lang: 'th' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/th/checkout/orders/3f1c6f5e-0000-4000-8000-000000000001');
    const row = await rowOf(h, c.ref);
    expect(row).toMatchObject({ status: 'expired', failure_code: null });
    expect(row.expires_at.getTime()).toBe(h.clock.now().getTime());
    expect(await h.provider.retrieveCharge(c.ref)).toMatchObject({ status: 'expired' });
    expect(eventsFor(c.ref)).toEqual([
      { id: expect.stringMatching(/^evnt_sbx_[0-9a-f]{24}$/), type: 'charge.complete', chargeRef: c.ref },
    ]);

    for (const action of ['approve', 'decline', 'expire']) {
      const late = await answer(h, c.ref, { action, lang: 'en' });
      expectHtml(late, 409);
      expect(late.body).toContain('Payment expired');
    }
    expect((await h.provider.cancelCharge(c.ref)).status).toBe('expired');
    expect(eventsFor(c.ref)).toHaveLength(1);
  });

  it('Let it expire works for a card charge too, and cannot undo an approved payment', async () => {
    const card = await h.provider.createCharge(chargeInput(h, { channelCode: 'card' }));
    const page = await h.app.inject({ method: 'GET', url: `/sandbox/pay/${card.ref}` });
    expect(page.body).toContain('Let it expire');
    expect((await answer(h, card.ref, { action: 'expire' })).statusCode).toBe(303);
    expect((await rowOf(h, card.ref)).status).toBe('expired');
    expect(eventsFor(card.ref)).toHaveLength(1);

    const paid = await h.provider.createCharge(chargeInput(h));
    expect((await answer(h, paid.ref, { action: 'approve' })).statusCode).toBe(303);
    const late = await answer(h, paid.ref, { action: 'expire', lang: 'en' });
    expectHtml(late, 409);
    expect(late.body).toContain('Nothing was changed: this payment was already finished.');
    expect((await rowOf(h, paid.ref)).status).toBe('successful');
    expect(eventsFor(paid.ref)).toHaveLength(1);
  });

  it('Approve and Let it expire at once: exactly one takes effect, one webhook', async () => {
    const c = await h.provider.createCharge(chargeInput(h));
    const results = await Promise.all(
      ['expire', 'approve', 'expire', 'approve'].map((action) => answer(h, c.ref, { action })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([303, 409, 409, 409]);
    expect(['expired', 'successful']).toContain((await rowOf(h, c.ref)).status);
    expect(eventsFor(c.ref)).toHaveLength(1);
  });

  it('after its expiry a charge cannot be approved: a clear page, no webhook', async () => {
    const c = await h.provider.createCharge(chargeInput(h));
    h.clock.advance(15 * MINUTE);
    const res = await answer(h, c.ref, { action: 'approve', lang: 'en' });
    expectHtml(res, 409);
    expect(res.body).toContain('Payment expired');
    expect(res.body).toContain('No money was taken.');
    expect((await rowOf(h, c.ref)).status).toBe('expired');
    expect(eventsFor(c.ref)).toHaveLength(0);
  });

  it('an unknown reference is a 404 page', async () => {
    for (const url of [
      '/sandbox/pay/chrg_sbx_unknown',
      '/sandbox/pay/%3Cscript%3E',
      '/sandbox/pay/a%20b?lang=th',
    ]) {
      const res = await h.app.inject({ method: 'GET', url });
      expectHtml(res, 404);
      expect(res.body).not.toContain('<script>');
    }
    const th = await h.app.inject({ method: 'GET', url: '/sandbox/pay/x?lang=th' });
    expect(th.body).toContain('ไม่พบการชำระเงิน');
    expectHtml(await answer(h, 'chrg_sbx_unknown', { action: 'approve' }), 404);
  });

  it('refuses an answer posted from another site (CSRF), and changes nothing', async () => {
    const c = await h.provider.createCharge(chargeInput(h));
    for (const origin of <Array<Record<string, string>>>[
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'http://localhost.evil.example' },
      { origin: 'null' },
    ])
      expectHtml(await answer(h, c.ref, { action: 'approve' }, origin), 403);
    expect((await h.provider.retrieveCharge(c.ref)).status).toBe('pending');
    expect(eventsFor(c.ref)).toHaveLength(0);
    // An Origin naming this host (inject's Host is localhost:80) is the page's own form.
    const own = await answer(h, c.ref, { action: 'approve' }, { origin: 'http://localhost' });
    expect(own.statusCode).toBe(303);
    expect(eventsFor(c.ref)).toHaveLength(1);
  });
});

describe('in the real app', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    [dev, prod] = await Promise.all([buildTestApp(), buildTestApp({ config: { nodeEnv: 'production' } })]);
  });
  afterAll(() => Promise.all([dev.close(), prod.close()]));

  // The first requests into two freshly built apps (development and production) pay for their first
  // use of every plugin: on a busy CI machine that was seen to pass the default 30 s.
  it('the webhook route verifies signatures', { timeout: 90_000 }, async () => {
    for (const t of [dev, prod]) {
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: { 'content-type': 'application/json', [SIGNATURE]: 't=1,v1=' + '0'.repeat(64) },
        payload: eventBody('chrg_sbx_x'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'webhook_invalid' });
    }
  });

  it('serves the bank pages in development and not at all with NODE_ENV=production', async () => {
    const devPage = await dev.app.inject({ method: 'GET', url: '/sandbox/pay/chrg_sbx_unknown' });
    expectHtml(devPage, 404);
    expect(devPage.body).toContain('Payment not found');
    for (const method of ['GET', 'POST'] as const) {
      const res = await prod.app.inject({ method, url: '/sandbox/pay/chrg_sbx_unknown', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'not_found' });
    }
  });
});
