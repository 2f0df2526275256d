import type { MemberInfo, PhoneCode } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, json, jsonAuth, signIn, type TestApp } from './helpers/build-test-app.ts';

type Err = { success: false; code: string; message: string[]; fields?: { path: string; message: string }[] };
type Ok<T> = { success: true; data: T };

const complete = {
  firstName: 'สมชาย',
  lastName: "O'Neil-Smith",
  email: undefined as string | undefined,
  dateOfBirth: '1990-04-30',
  phoneCode: '+66',
  phoneNumber: '0812345678',
};

const update = (t: TestApp, token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: '/auth/users/update',
    headers: { ...bearer(token), ...headers },
    payload: payload as object,
  });

/** A minimal multipart/form-data body with one file part. */
const multipart = (bytes: Buffer, filename = 'a.png', type = 'image/png') => {
  const boundary = '----test-boundary-7d1f';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** Real pictures of each accepted type, 900×600 with EXIF (a GPS position) that must not survive. */
const picture = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 33, b: 61 } } })
    .withExif({ IFD0: { Copyright: 'secret-exif-marker' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toFormat(format)
    .toBuffer();
let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  [PNG, JPEG, WEBP] = await Promise.all([picture('png'), picture('jpeg'), picture('webp')]);
});

describe('profile, avatar, phone codes, /info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /auth/users/profile returns the signed-in member only', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/users/profile?id=${b.id}`,
      headers: bearer(a.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(json<Ok<MemberInfo>>(res).data).toEqual({
      id: a.id,
      email: a.email,
      firstName: null,
      lastName: null,
      phoneCode: null,
      phoneNumber: null,
      dateOfBirth: null,
      avatarUrl: null,
      language: 'en',
      profileStatus: 'incomplete',
    });
    expect((await t.app.inject({ method: 'GET', url: '/auth/users/profile' })).statusCode).toBe(401);
  });

  it('updates the profile, computes completeness and saves the language', async () => {
    const a = await signIn(t);
    const partial = await update(t, a.accessToken, { firstName: '  Somchai ', lastName: 'Jaidee' });
    expect(partial.statusCode).toBe(200);
    expect(json<Ok<MemberInfo>>(partial).data).toMatchObject({
      firstName: 'Somchai',
      lastName: 'Jaidee',
      profileStatus: 'incomplete',
    });

    const full = await update(t, a.accessToken, { ...complete, email: a.email, language: 'th' });
    expect(full.statusCode).toBe(200);
    const info = json<Ok<MemberInfo>>(full).data;
    expect(info).toMatchObject({
      firstName: 'สมชาย',
      lastName: "O'Neil-Smith",
      dateOfBirth: '1990-04-30',
      phoneCode: '+66',
      phoneNumber: '0812345678',
      language: 'th',
      profileStatus: 'complete',
    });
    // Persisted: a fresh read agrees.
    const read = json<Ok<MemberInfo>>(
      await t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: jsonAuth(a.accessToken) }),
    );
    expect(read.data).toEqual(info);
    // An empty update changes nothing.
    expect(json<Ok<MemberInfo>>(await update(t, a.accessToken, {})).data).toEqual(info);
  });

  it('validates every field: names, e-mail, date of birth, phone code and 9-10 digit phone', async () => {
    const a = await signIn(t);
    const bad: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, 'firstName'],
      [{ firstName: '   ' }, 'firstName'],
      [{ lastName: '' }, 'lastName'],
      [{ firstName: 'x'.repeat(61) }, 'firstName'],
      [{ firstName: '<script>' }, 'firstName'],
      [{ email: 'nope' }, 'email'],
      [{ email: '' }, 'email'],
      [{ phoneNumber: '12345678' }, 'phoneNumber'],
      [{ phoneNumber: '12345678901' }, 'phoneNumber'],
      [{ phoneNumber: '08-1234567' }, 'phoneNumber'],
      [{ phoneCode: '66' }, 'phoneCode'],
      [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
      [{ dateOfBirth: '30/04/1990' }, 'dateOfBirth'],
      [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
      [{ language: 'de' }, 'language'],
      [{ firstName: null }, 'firstName'],
    ];
    for (const [payload, field] of bad) {
      const res = await update(t, a.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = json<Err>(res);
      expect(body.code).toBe('validation_failed');
      expect(body.fields?.map((f) => f.path)).toContain(field);
    }
    const phone = json<Err>(await update(t, a.accessToken, { phoneNumber: '123' }));
    expect(phone.fields?.[0]?.message).toBe('Please enter a valid phone number (9-10 digits)');
    expect(phone.message).toContain('phoneNumber: Please enter a valid phone number (9-10 digits)');
    // 9 and 10 digits are both fine.
    expect((await update(t, a.accessToken, { phoneNumber: '812345678' })).statusCode).toBe(200);
    expect((await update(t, a.accessToken, { phoneNumber: '0812345678' })).statusCode).toBe(200);
  });

  it('refuses unknown and protected fields, and never touches another member', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    for (const payload of [
      { id: b.id, firstName: 'Mallory' },
      { avatarUrl: 'http://evil.example/x.png' },
      { profileStatus: 'complete' },
      { createdAt: '2020-01-01' },
      { isAdmin: true },
    ]) {
      const res = await update(t, a.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<Err>(res).code).toBe('validation_failed');
    }
    const bRow = json<Ok<MemberInfo>>(
      await t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(b.accessToken) }),
    ).data;
    expect(bRow.firstName).toBeNull();
    const aRow = json<Ok<MemberInfo>>(
      await t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(a.accessToken) }),
    ).data;
    expect(aRow.firstName).toBeNull();
  });

  it('never changes the e-mail directly: another address needs its code (400), the own one is fine', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    for (const email of [b.email.toUpperCase(), `new.${a.email}`]) {
      const res = await update(
        t,
        a.accessToken,
        { email, firstName: 'Mallory' },
        { 'accept-language': 'th' },
      );
      expect(res.statusCode, email).toBe(400);
      expect(json<Err>(res)).toMatchObject({
        code: 'email_change_needs_code',
        message: ['หากต้องการเปลี่ยนอีเมล กรุณายืนยันอีเมลใหม่ด้วยรหัสที่เราส่งไปยังอีเมลนั้น'],
      });
    }
    const read = json<Ok<MemberInfo>>(
      await t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(a.accessToken) }),
    ).data;
    expect(read).toMatchObject({ email: a.email, firstName: null });
    const same = await update(t, a.accessToken, { email: a.email.toUpperCase(), firstName: 'Anong' });
    expect(json<Ok<MemberInfo>>(same).data).toMatchObject({ email: a.email, firstName: 'Anong' });
  });

  it('GET /info: success, the member, and the missing required fields as the message list', async () => {
    const a = await signIn(t);
    const before = await t.app.inject({
      method: 'GET',
      url: '/info',
      headers: jsonAuth(a.accessToken, a.refreshToken),
    });
    expect(before.statusCode).toBe(200);
    expect(json(before)).toMatchObject({
      success: true,
      message: ['firstName', 'lastName', 'phoneCode', 'phoneNumber', 'dateOfBirth'],
      data: { id: a.id, profileStatus: 'incomplete' },
    });
    await update(t, a.accessToken, { ...complete, email: a.email });
    const after = await t.app.inject({ method: 'GET', url: '/info', headers: bearer(a.accessToken) });
    expect(json(after)).toMatchObject({ success: true, message: [], data: { profileStatus: 'complete' } });
    expect((await t.app.inject({ method: 'GET', url: '/info' })).statusCode).toBe(401);
  });

  it('GET /auth/users/phoneCodes: a full list with English and Thai names, Thailand first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/users/phoneCodes' });
    expect(res.statusCode).toBe(200);
    const codes = json<Ok<PhoneCode[]>>(res).data;
    expect(codes.length).toBeGreaterThanOrEqual(230);
    expect(codes[0]).toEqual({ country: 'TH', dialCode: '+66', nameEn: 'Thailand', nameTh: 'ไทย' });
    const by = (c: string) => codes.find((x) => x.country === c);
    expect(by('US')?.dialCode).toBe('+1');
    expect(by('GB')).toMatchObject({ dialCode: '+44', nameEn: 'United Kingdom' });
    expect(by('JP')).toMatchObject({ dialCode: '+81', nameTh: 'ญี่ปุ่น' });
    expect(by('LA')?.dialCode).toBe('+856');
    expect(new Set(codes.map((c) => c.country)).size).toBe(codes.length);
    for (const c of codes) {
      expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
      expect(c.nameTh).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  describe('avatar', () => {
    it('stores JPEG, PNG and WebP (checked by content) re-encoded: a bounded WebP square without metadata', async () => {
      const a = await signIn(t);
      let previousUrl: string | null = null;
      for (const [bytes, type] of [
        [PNG, 'image/png'],
        [JPEG, 'image/jpeg'],
        [WEBP, 'image/webp'],
      ] as const) {
        // The declared type is ignored: the bytes decide.
        const res = await t.app.inject({
          method: 'POST',
          url: '/auth/users/avatar',
          ...(() => {
            const m = multipart(bytes, 'photo.bin', 'application/octet-stream');
            return { payload: m.payload, headers: { ...m.headers, ...bearer(a.accessToken) } };
          })(),
        });
        expect(res.statusCode, type).toBe(200);
        const url = json<Ok<MemberInfo>>(res).data.avatarUrl;
        expect(url).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}$/);
        expect(url).not.toBe(previousUrl);
        const img = await t.app.inject({ method: 'GET', url: url ?? '' });
        expect(img.statusCode).toBe(200);
        expect(img.headers['content-type']).toBe('image/webp');
        expect(img.headers['cache-control']).toContain('immutable');
        const meta = await sharp(img.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
        expect(meta.exif).toBeUndefined();
        expect(img.rawPayload.includes('secret-exif-marker')).toBe(false);
        expect(img.rawPayload.length).toBeLessThan(64 * 1024);
        if (previousUrl)
          expect((await t.app.inject({ method: 'GET', url: previousUrl })).statusCode).toBe(404);
        previousUrl = url;
      }
      const profile = json<Ok<MemberInfo>>(
        await t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(a.accessToken) }),
      );
      expect(profile.data.avatarUrl).toBe(previousUrl);
      const stored = await t.db.selectFrom('avatar').select('byte_size').execute();
      expect(stored.every((r) => r.byte_size < 64 * 1024)).toBe(true);

      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/auth/users/avatar',
        headers: bearer(a.accessToken),
      });
      expect(json<Ok<MemberInfo>>(removed).data.avatarUrl).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: previousUrl ?? '' })).statusCode).toBe(404);
    });

    it('limits uploads per member (429 with Retry-After); another member is not affected', async () => {
      const a = await signIn(t);
      const b = await signIn(t);
      const upload = (token: string) => {
        const m = multipart(PNG);
        return t.app.inject({
          method: 'POST',
          url: '/auth/users/avatar',
          payload: m.payload,
          headers: { ...m.headers, ...bearer(token) },
        });
      };
      for (let i = 0; i < t.config.avatarUploadLimitPerMember; i++)
        expect((await upload(a.accessToken)).statusCode, `upload ${i + 1}`).toBe(200);
      const over = await upload(a.accessToken);
      expect(over.statusCode).toBe(429);
      expect(json<Err>(over).code).toBe('rate_limited');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await upload(b.accessToken)).statusCode).toBe(200);
      // Only the current picture is kept.
      const kept = await t.db.selectFrom('avatar').select('id').where('member_id', '=', a.id).execute();
      expect(kept).toHaveLength(1);
    });

    it('refuses other types (415), files over 2 MB (413), no file (400) and no session (401)', async () => {
      const a = await signIn(t);
      const post = (m: { payload: Buffer; headers: Record<string, string> }, auth = true) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/users/avatar',
          payload: m.payload,
          headers: { ...m.headers, ...(auth ? bearer(a.accessToken) : {}) },
        });

      const gif = await post(multipart(Buffer.from('GIF89a..........'), 'a.gif', 'image/gif'));
      expect(gif.statusCode).toBe(415);
      expect(json<Err>(gif).code).toBe('unsupported_media_type');
      const svg = await post(
        multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png', 'image/png'),
      );
      expect(svg.statusCode).toBe(415);

      const big = await post(multipart(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])));
      expect(big.statusCode).toBe(413);
      expect(json<Err>(big).code).toBe('payload_too_large');

      // Just under the limit: the picture is kept, the 2 MB of bytes hidden after its end are not.
      const padded = await post(
        multipart(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length, 7)])),
      );
      expect(padded.statusCode).toBe(200);
      const kept = await t.db
        .selectFrom('avatar')
        .select('byte_size')
        .where('member_id', '=', a.id)
        .execute();
      expect(kept.map((r) => r.byte_size < 64 * 1024)).toEqual([true]);
      const bomb = await post(
        multipart(
          await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
            .png({ compressionLevel: 9 })
            .toBuffer(),
        ),
      );
      expect(bomb.statusCode).toBe(415);

      const asJson = await t.app.inject({
        method: 'POST',
        url: '/auth/users/avatar',
        payload: { file: 'x' },
        headers: bearer(a.accessToken),
      });
      expect(asJson.statusCode).toBe(415);

      const boundary = 'b0';
      const empty = await post({
        payload: Buffer.from(`--${boundary}--\r\n`),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(empty.statusCode).toBe(400);

      expect((await post(multipart(PNG), false)).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/media/avatars/00000000-0000-4000-8000-000000000000' }))
          .statusCode,
      ).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/media/avatars/nope' })).statusCode).toBe(400);
    });
  });
});
