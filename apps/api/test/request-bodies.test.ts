import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, json, signIn, type TestApp } from './helpers/build-test-app.ts';

type Err = {
  success: false;
  code: string;
  message: string[];
  fields?: { path: string; message: string }[];
};
const JSON_HEADER = { 'content-type': 'application/json' };
const TH = { 'accept-language': 'th' };

describe('bodies the web client sends', () => {
  let t: TestApp;
  let token: string;
  let refreshToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const login = await signIn(t);
    token = login.accessToken;
    refreshToken = login.refreshToken;
  });
  afterAll(() => t.close());

  it('takes the JSON header with an empty body as no body: clear the cart, mark read, log out', async () => {
    const clear = await t.app.inject({
      method: 'DELETE',
      url: '/bff/cart/clear',
      headers: { ...bearer(token), ...JSON_HEADER },
    });
    expect(clear.statusCode, clear.body).toBe(200);
    // Marking a notification read: the body is fine, so the answer is about the id (none such here).
    const read = await t.app.inject({
      method: 'PATCH',
      url: '/bff/userTier/notifications/read/00000000-0000-4000-8000-000000000000',
      headers: { ...bearer(token), ...JSON_HEADER },
      payload: '',
    });
    expect(json<Err>(read).code, read.body).toBe('notification_not_found');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: {
        authorization: JSON.stringify({ accessToken: token, refreshToken }),
        ...JSON_HEADER,
      },
      payload: '',
    });
    expect(logout.statusCode, logout.body).toBe(200);
  });

  it('still refuses a missing body where one is needed, saying so in the asked language', async () => {
    const en = await t.app.inject({ method: 'POST', url: '/auth/otp/send-otp', headers: JSON_HEADER });
    expect(en.statusCode).toBe(400);
    expect(json<Err>(en).code).toBe('validation_failed');
    expect(json<Err>(en).message[0]).toBe('This request needs a body: a JSON object with its fields.');
    const th = await t.app.inject({
      method: 'POST',
      url: '/auth/otp/send-otp',
      headers: { ...JSON_HEADER, ...TH },
      payload: '   ',
    });
    expect(th.statusCode).toBe(400);
    expect(json<Err>(th).message[0]).toBe('คำขอนี้ต้องส่งข้อมูลมาด้วย (ออบเจ็กต์ JSON พร้อมช่องข้อมูลที่จำเป็น)');
    // Broken JSON is still broken, and prototype poisoning still refused.
    for (const payload of ['{"email":', '{"__proto__":{"x":1},"email":"a@b.co"}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/otp/send-otp',
        headers: JSON_HEADER,
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('a validation error leads with the field’s own message', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await signIn(t)).accessToken;
  });
  afterAll(() => t.close());

  const update = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PATCH',
      url: '/auth/users/update',
      headers: { ...bearer(token), ...headers },
      payload,
    });

  it('puts the phone rule first, in English and in Thai, and keeps every field after it', async () => {
    const en = json<Err>(await update({ phoneNumber: '123' }));
    expect(en.code).toBe('validation_failed');
    expect(en.message).toEqual([
      'Please enter a valid phone number (9-10 digits)',
      'phoneNumber: Please enter a valid phone number (9-10 digits)',
    ]);
    // Two bad fields: the first one's sentence leads, and both follow with their paths.
    const two = json<Err>(await update({ firstName: '', phoneNumber: '123' }));
    expect(two.message).toEqual([
      'firstName is required.',
      'firstName: firstName is required.',
      'phoneNumber: Please enter a valid phone number (9-10 digits)',
    ]);
    const th = json<Err>(await update({ phoneNumber: '123' }, TH));
    expect(th.message[0]).toBe('กรุณากรอกเบอร์โทรศัพท์ให้ถูกต้อง (9-10 หลัก)');
    expect(th.fields).toEqual([{ path: 'phoneNumber', message: 'กรุณากรอกเบอร์โทรศัพท์ให้ถูกต้อง (9-10 หลัก)' }]);
  });

  it('words the kinds of problem a person can fix: too long, not one of, unknown field', async () => {
    const long = json<Err>(await update({ firstName: 'x'.repeat(61) }));
    expect(long.message[0]).toBe('firstName must have at most 60 characters.');
    const lang = json<Err>(await update({ language: 'de' }, TH));
    expect(lang.message[0]).toBe('language ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: en, th');
    const extra = json<Err>(await update({ nickname: 'x' }));
    expect(extra.message[0]).toBe('Unknown fields: nickname.');
    // No generic sentence in front of any of them.
    for (const body of [long, lang, extra])
      expect(body.message[0]).not.toMatch(/Some of the information|ข้อมูลบางส่วน/);
  });
});
