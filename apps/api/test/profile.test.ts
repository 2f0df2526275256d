import type { MemberInfo, PhoneCode } from '@app/contracts';
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

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32, 3),
]);

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

  it('validates every field as spec section 5', async () => {
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

  it("refuses another member's e-mail with 409 email_taken; own or new e-mail is fine", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const taken = await update(
      t,
      a.accessToken,
      { email: b.email.toUpperCase() },
      { 'accept-language': 'th' },
    );
    expect(taken.statusCode).toBe(409);
    expect(json<Err>(taken)).toMatchObject({ code: 'email_taken', message: ['อีเมลนี้ถูกใช้กับบัญชีอื่นแล้ว'] });
    expect((await update(t, a.accessToken, { email: a.email })).statusCode).toBe(200);
    const moved = await update(t, a.accessToken, { email: `new.${a.email}` });
    expect(moved.statusCode).toBe(200);
    expect(json<Ok<MemberInfo>>(moved).data.email).toBe(`new.${a.email}`);
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
    it('stores JPEG, PNG and WebP (checked by content) and serves them back at avatarUrl', async () => {
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
        expect(img.headers['content-type']).toBe(type);
        expect(img.headers['cache-control']).toContain('immutable');
        expect(img.rawPayload.equals(bytes)).toBe(true);
        if (previousUrl)
          expect((await t.app.inject({ method: 'GET', url: previousUrl })).statusCode).toBe(404);
        previousUrl = url;
      }
      const profile = json<Ok<MemberInfo>>(
        await t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(a.accessToken) }),
      );
      expect(profile.data.avatarUrl).toBe(previousUrl);

      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/auth/users/avatar',
        headers: bearer(a.accessToken),
      });
      expect(json<Ok<MemberInfo>>(removed).data.avatarUrl).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: previousUrl ?? '' })).statusCode).toBe(404);
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

      const justUnder = await post(
        multipart(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)])),
      );
      expect(justUnder.statusCode).toBe(200);

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
