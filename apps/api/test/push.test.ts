import {
  ErrorEnvelopeSchema,
  PreferencesResponseSchema,
  PushPublicKeyResponseSchema,
  PushSubscriptionResponseSchema,
} from '@app/contracts';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, generateVapidKeys, loadConfig } from '../src/config.ts';
import { notify } from '../src/modules/notifications/index.ts';
import { checkEndpoint } from '../src/modules/notifications/push.service.ts';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app.ts';
import { FIXTURE_NOW, seedCatalogueFixture, type CatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf, type Member } from './helpers/shop.ts';

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
interface Device {
  ecdh: ECDH;
  auth: Buffer;
  path: string;
  body: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const HKDF = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts an aes128gcm Web Push message (RFC 8188 framing, RFC 8291 keys) as a browser does, with
 * the device's private key and auth secret: a wrongly encrypted payload cannot come out readable.
 */
const decrypt = (device: Device, body: Buffer): string => {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  expect(records.length).toBeLessThanOrEqual(rs);
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey]);
  const ikm = HKDF(device.auth, ecdhSecret, keyInfo, 32);
  const cek = HKDF(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = HKDF(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last (only) record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
};

const THAI = /[\u0E00-\u0E7F]/;

describe('Web Push: subscriptions, pushes in the member’s language, gone subscriptions, preferences', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  let shop: ReturnType<typeof shopOf>;
  let server: Server;
  let origin = '';
  const received: Received[] = [];
  /** What the push service answers per path (201 unless set). */
  const answers = new Map<string, number>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = answers.get(path) ?? 201;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await buildTestApp({ clock: createTestClock(FIXTURE_NOW) });
    f = await seedCatalogueFixture(t.db);
    shop = shopOf(t, f);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => server.close(r));
  });

  const device = (): Device => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const path = `/push/${randomBytes(12).toString('hex')}`;
    return {
      ecdh,
      auth,
      path,
      body: {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    };
  };
  const subscribe = async (m: Member, d: Device) => {
    const res = await shop.call(m, 'POST', '/bff/push/subscriptions', d.body);
    expect(res.statusCode, res.body).toBe(200);
    return PushSubscriptionResponseSchema.parse(res.json()).data.id;
  };
  const setPreferences = async (m: Member, body: Record<string, unknown>) => {
    const res = await shop.call(m, 'PATCH', '/bff/member/preferences', body);
    expect(res.statusCode, res.body).toBe(200);
    return PreferencesResponseSchema.parse(res.json()).data;
  };
  const until = async <T>(what: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const v = await what();
      if (v !== undefined || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const pushesTo = (d: Device) => received.filter((r) => r.path === d.path);
  const outboxOf = (m: Member) =>
    t.db
      .selectFrom('push_outbox as o')
      .innerJoin('notification as n', 'n.id', 'o.notification_id')
      .select('o.notification_id')
      .where('n.member_id', '=', m.id)
      .execute();
  const subscriptionsOf = (m: Member) =>
    t.db.selectFrom('push_subscription').select('id').where('member_id', '=', m.id).execute();
  const adjust = (m: Member, key: string) =>
    t.db.transaction().execute((trx) =>
      notify(trx, {
        memberId: m.id,
        type: 'points_adjusted',
        params: { points: 5, reason: 'test' },
        dedupeKey: key,
        now: t.clock.now(),
      }),
    );

  it('a successful order pushes an encrypted, VAPID-signed payload in the member’s language (Thai, though the order was asked in English)', async () => {
    const somchai = await shop.member();
    expect((await setPreferences(somchai, { language: 'th' })).language).toBe('th');
    const keyRes = await shop.call(somchai, 'GET', '/bff/push/public-key');
    expect(keyRes.statusCode, keyRes.body).toBe(200);
    const { publicKey } = PushPublicKeyResponseSchema.parse(keyRes.json()).data;
    const phone = device();
    await subscribe(somchai, phone);

    const v = await shop.voucher({ price: 100, points_earned: 0 });
    const created = await shop.call(
      somchai,
      'POST',
      '/bff/orders',
      { quantity: 1, ...shop.contact(somchai), voucherId: v },
      { 'accept-language': 'en' },
    );
    const order = shop.orderOf(created);
    await shop.answerBank(order.id, 'approve');

    const push = await until(() => pushesTo(phone)[0]);
    expect(push, 'no push arrived').toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    // VAPID: signed with the key the API serves, for this push service's origin.
    const authz = String(push!.headers.authorization);
    const [, jwt = '', k = ''] = /^vapid t=([^,]+), k=(.+)$/.exec(authz) ?? [];
    expect(k).toBe(publicKey);
    const raw = Buffer.from(publicKey, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    };
    expect(decodeProtectedHeader(jwt).alg).toBe('ES256');
    const { payload: claims } = await jwtVerify(jwt, await importJWK(jwk, 'ES256'));
    expect(claims.aud).toBe(origin);

    const payload = JSON.parse(decrypt(phone, push!.body)) as Record<string, unknown>;
    const notification = await t.db
      .selectFrom('notification')
      .select(['id'])
      .where('member_id', '=', somchai.id)
      .where('type', '=', 'order_successful')
      .executeTakeFirstOrThrow();
    expect(payload.url).toBe(`/th/checkout/orders/${order.id}`);
    expect(payload.tag).toBe(notification.id);
    expect(String(payload.title)).toMatch(THAI);
    expect(String(payload.body)).toContain(order.number);
    expect(String(payload.body)).toMatch(THAI);
    // Sent: nothing left to push.
    expect(await outboxOf(somchai)).toEqual([]);
  });

  it('an English member gets English, opening the unprefixed path', async () => {
    const anna = await shop.member();
    const laptop = device();
    await subscribe(anna, laptop);
    await adjust(anna, 'en-push');
    const push = await until(() => pushesTo(laptop)[0]);
    const payload = JSON.parse(decrypt(laptop, push!.body)) as Record<string, unknown>;
    expect(payload.url).toBe('/profile/history');
    expect(String(payload.title)).not.toMatch(THAI);
  });

  it('a push service answering 410 Gone removes the subscription', async () => {
    const m = await shop.member();
    const old = device();
    const id = await subscribe(m, old);
    answers.set(old.path, 410);
    await adjust(m, 'gone-push');
    expect(await until(async () => ((await subscriptionsOf(m)).length === 0 ? true : undefined))).toBe(true);
    expect(pushesTo(old).length).toBe(1);
    expect(await t.db.selectFrom('push_subscription').where('id', '=', id).select('id').execute()).toEqual(
      [],
    );
  });

  it('404 removes it too; a 500 is tried again and the subscription stays', async () => {
    const m = await shop.member();
    const lost = device();
    const flaky = device();
    await subscribe(m, lost);
    const flakyId = await subscribe(m, flaky);
    answers.set(lost.path, 404);
    answers.set(flaky.path, 500);
    await adjust(m, 'mixed-push');
    await until(() => (pushesTo(lost).length && pushesTo(flaky).length ? true : undefined));
    const left = await until(async () => {
      const subs = await subscriptionsOf(m);
      return subs.length === 1 ? subs : undefined;
    });
    expect(left?.map((s) => s.id)).toEqual([flakyId]);
    const retry = await t.db
      .selectFrom('push_outbox')
      .select(['attempts', 'attempt_after'])
      .where('subscription_id', '=', flakyId)
      .executeTakeFirstOrThrow();
    expect(retry.attempts).toBe(1);
    expect(retry.attempt_after!.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('turning notifications off unsubscribes every device, and nothing more is pushed', async () => {
    const m = await shop.member();
    const a = device();
    const b = device();
    await subscribe(m, a);
    await subscribe(m, b);
    expect(await setPreferences(m, { notificationsEnabled: false })).toMatchObject({
      notificationsEnabled: false,
    });
    expect(await subscriptionsOf(m)).toEqual([]);
    await adjust(m, 'off-push');
    expect(await outboxOf(m)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(pushesTo(a).length + pushesTo(b).length).toBe(0);
    // A device subscribed while off is kept but pushed nothing until the member turns them on.
    await subscribe(m, a);
    await adjust(m, 'off-push-2');
    expect(await outboxOf(m)).toEqual([]);
    await setPreferences(m, { notificationsEnabled: true });
    await adjust(m, 'on-push');
    expect(await until(() => pushesTo(a)[0])).toBeDefined();
  });

  it('preferences follow the member to a second sign-in', async () => {
    const m = await shop.member();
    const first = await shop.call(m, 'GET', '/bff/member/preferences');
    expect(PreferencesResponseSchema.parse(first.json()).data).toEqual({
      notificationsEnabled: true,
      language: 'en',
    });
    await setPreferences(m, { notificationsEnabled: false, language: 'th' });
    const second: Member = { ...m };
    // Past the resend gap, so the second sign-in gets a code of its own.
    t.clock.advance(61_000);
    await shop.renew(second);
    expect(second.token).not.toBe(m.token);
    const res = await shop.call(second, 'GET', '/bff/member/preferences');
    expect(res.statusCode, res.body).toBe(200);
    expect(PreferencesResponseSchema.parse(res.json()).data).toEqual({
      notificationsEnabled: false,
      language: 'th',
    });
    // The profile shows the same language.
    const profile = await shop.call(second, 'GET', '/auth/users/profile');
    expect(profile.json<{ data: { language: string } }>().data.language).toBe('th');
  });

  it('preferences: bad bodies are 400s', async () => {
    const m = await shop.member();
    for (const body of [{}, { language: 'fr' }, { notificationsEnabled: 'yes' }, { other: true }]) {
      const res = await shop.call(m, 'PATCH', '/bff/member/preferences', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await shop.call(null, 'GET', '/bff/member/preferences')).statusCode).toBe(401);
  });

  it('another member’s subscription id is refused, and their endpoint cannot be taken over', async () => {
    const alice = await shop.member();
    const bob = await shop.member();
    const alicePhone = device();
    const id = await subscribe(alice, alicePhone);
    // The same endpoint again: the same id.
    expect(await subscribe(alice, alicePhone)).toBe(id);

    const del = await shop.call(bob, 'DELETE', `/bff/push/subscriptions/${id}`);
    expect(del.statusCode, del.body).toBe(404);
    expect(ErrorEnvelopeSchema.parse(del.json()).code).toBe('not_found');
    expect((await subscriptionsOf(alice)).map((s) => s.id)).toEqual([id]);

    // Bob knows Alice's endpoint but not her browser's keys: refused, and hers is untouched.
    const forged = device();
    const hijack = await shop.call(bob, 'POST', '/bff/push/subscriptions', {
      ...forged.body,
      endpoint: alicePhone.body.endpoint,
    });
    expect(hijack.statusCode, hijack.body).toBe(403);
    const row = await t.db
      .selectFrom('push_subscription')
      .select(['member_id', 'p256dh'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ member_id: alice.id, p256dh: alicePhone.body.keys.p256dh });

    // The same browser (its own keys), now signed in as Bob: the subscription moves to him.
    expect(await subscribe(bob, alicePhone)).toBe(id);
    expect(await subscriptionsOf(alice)).toEqual([]);
    await adjust(alice, 'moved-alice');
    await adjust(bob, 'moved-bob');
    const push = await until(() => pushesTo(alicePhone)[0]);
    const notification = await t.db
      .selectFrom('notification')
      .select('id')
      .where('member_id', '=', bob.id)
      .where('dedupe_key', '=', 'moved-bob')
      .executeTakeFirstOrThrow();
    expect((JSON.parse(decrypt(alicePhone, push!.body)) as { tag: string }).tag).toBe(notification.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(pushesTo(alicePhone).length).toBe(1);

    // Bob removes his own: gone.
    const own = await shop.call(bob, 'DELETE', `/bff/push/subscriptions/${id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(await subscriptionsOf(bob)).toEqual([]);
    const again = await shop.call(bob, 'DELETE', `/bff/push/subscriptions/${id}`);
    expect(again.statusCode).toBe(404);
    expect((await shop.call(bob, 'DELETE', '/bff/push/subscriptions/not-a-uuid')).statusCode).toBe(404);
  });

  it('hostile subscriptions are 4xx, never 5xx', async () => {
    const m = await shop.member();
    const good = device().body;
    const bodies: unknown[] = [
      {},
      { ...good, endpoint: 'ftp://push.example/x' },
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, endpoint: `https://push.example/${'a'.repeat(3000)}` },
      { ...good, endpoint: 'https://user:pw@push.example/x' },
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { p256dh: 'AAAA', auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: 'AAAA' } },
      { ...good, keys: { p256dh: `${good.keys.p256dh}=`, auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, extra: 1 },
      { ...good, endpoint: `${good.endpoint}\u0000` },
      [good],
    ];
    for (const body of bodies) {
      const res = await shop.call(m, 'POST', '/bff/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect(await subscriptionsOf(m)).toEqual([]);
    expect((await shop.call(null, 'POST', '/bff/push/subscriptions', good)).statusCode).toBe(401);
  });

  it('production takes https push services only, reached by name', () => {
    const refused = [
      'http://push.example/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://10.0.0.5:8443/x',
    ];
    for (const endpoint of refused) expect(() => checkEndpoint(endpoint, 'production'), endpoint).toThrow();
    expect(() => checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', 'production')).not.toThrow();
    expect(() => checkEndpoint('http://127.0.0.1:9/x', 'test')).not.toThrow();
  });
});

describe('VAPID keys: from the environment, else made once and kept in the data folder', () => {
  it('keeps the generated pair across starts, takes a given pair, and refuses half of one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    try {
      const first = loadConfig({ DATA_DIR: dir }).vapid!;
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
      expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(first);
      expect(first.subject).toBe('mailto:no-reply@localhost');

      const given = generateVapidKeys();
      const env = {
        DATA_DIR: dir,
        VAPID_PUBLIC_KEY: given.publicKey,
        VAPID_PRIVATE_KEY: given.privateKey,
        VAPID_SUBJECT: 'https://shop.example/contact',
      };
      expect(loadConfig(env).vapid).toEqual({ ...given, subject: 'https://shop.example/contact' });
      expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: given.publicKey })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'http://shop.example' })).toThrow(ConfigError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
