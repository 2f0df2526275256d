import type { LoginData, MemberInfo } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  json,
  lastCode,
  login,
  sendOtp,
  uniqueEmail,
  type TestApp,
} from './helpers/build-test-app.ts';

type Err = {
  success: false;
  code: string;
  message: string[];
  requestId: string;
  fields?: { path: string }[];
};

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /auth/otp/send-otp and POST /auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('validates the address and the body', async () => {
    for (const payload of [
      {},
      { email: '' },
      { email: 'not-an-email' },
      { email: 'a@b.co', extra: 1 },
      { email: 'a@b.co', language: 'fr' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/otp/send-otp', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<Err>(res)).toMatchObject({ success: false, code: 'validation_failed' });
    }
    const bad = json<Err>(
      await t.app.inject({ method: 'POST', url: '/auth/otp/send-otp', payload: { email: 'x' } }),
    );
    expect(bad.fields?.[0]?.path).toBe('email');
    expect(bad.message[0]).toBe('Please enter a valid email address.');
    const th = await t.app.inject({
      method: 'POST',
      url: '/auth/otp/send-otp',
      payload: { email: 'x' },
      headers: { 'accept-language': 'th-TH,th;q=0.9,en;q=0.8' },
    });
    expect(json<Err>(th).message[0]).toBe('กรุณากรอกอีเมลให้ถูกต้อง');
  });

  it('answers the same whether or not the address is known, with the resend delay and lifetime', async () => {
    const known = uniqueEmail('known');
    await sendOtp(t, known);
    await login(t, known, await lastCode(t, known));
    t.clock.advance(61_000);

    const a = await sendOtp(t, known);
    const b = await sendOtp(t, uniqueEmail('unknown'));
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(json(a)).toEqual({ success: true, data: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
  });

  it('mails a six-digit code, stored only hashed, normalising the address', async () => {
    const email = uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD');
    const res = await sendOtp(t, `  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    const code = await lastCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.db
      .selectFrom('otp_code')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(300_000);
  });

  it('refuses a second send within 60 s with 429 and Retry-After, then allows it', async () => {
    const email = uniqueEmail('resend');
    expect((await sendOtp(t, email)).statusCode).toBe(200);
    t.clock.advance(20_000);
    const res = await sendOtp(t, email);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('40');
    expect(json<Err>(res)).toMatchObject({
      code: 'rate_limited',
      message: ['Too many requests. Please wait a moment and try again.'],
    });
    t.clock.advance(40_000);
    expect((await sendOtp(t, email)).statusCode).toBe(200);
  });

  it('limits sends per address (5 per window) even when the resend gap is respected', async () => {
    const email = uniqueEmail('per-address');
    for (let i = 0; i < 5; i++) {
      expect((await sendOtp(t, email)).statusCode, `send ${i + 1}`).toBe(200);
      t.clock.advance(61_000);
    }
    const sixth = await sendOtp(t, email);
    expect(sixth.statusCode).toBe(429);
    expect(json<Err>(sixth).code).toBe('rate_limited');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Another address from the same IP is unaffected.
    expect((await sendOtp(t, uniqueEmail('other'))).statusCode).toBe(200);
  });

  it('lets at least 50 different addresses ask from one IP (carrier NAT)', async () => {
    const ip = '10.20.30.40';
    for (let i = 0; i < 60; i++) {
      const res = await sendOtp(t, uniqueEmail(`nat${i}`), { remoteAddress: ip });
      expect(res.statusCode, `address ${i + 1}`).toBe(200);
    }
  });

  it('accepts the right code once and creates the member on first sign-in', async () => {
    const email = uniqueEmail('first');
    await sendOtp(t, email, {}, 'th');
    const code = await lastCode(t, email);
    expect(
      await t.db.selectFrom('member').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();

    const res = await login(t, email, code);
    expect(res.statusCode).toBe(200);
    const data = json<{ success: true; data: LoginData }>(res).data;
    expect(data).toMatchObject({
      email,
      firstName: null,
      lastName: null,
      phoneCode: null,
      phoneNumber: null,
      dateOfBirth: null,
      avatarUrl: null,
      language: 'th', // the language the code was asked in
      profileStatus: 'incomplete',
    });
    expect(data.accessToken.split('.')).toHaveLength(3);
    expect(data.refreshTokens[0]?.token).toBe(data.refreshToken);
    expect(Date.parse(data.refreshTokens[0]?.expiresAt ?? '')).toBeGreaterThan(t.clock.now().getTime());

    const reuse = await login(t, email, code);
    expect(reuse.statusCode).toBe(400);
    expect(json<Err>(reuse).code).toBe('otp_invalid');

    // A second sign-in finds the same member.
    t.clock.advance(61_000);
    await sendOtp(t, email);
    const again = json<{ data: MemberInfo }>(await login(t, email, await lastCode(t, email))).data;
    expect(again.id).toBe(data.id);
    const count = await t.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('rejects a malformed code and a code never sent', async () => {
    const email = uniqueEmail('never');
    for (const otp of ['12345', '1234567', 'abcdef', '']) {
      const res = await login(t, email, otp);
      expect(res.statusCode).toBe(400);
      expect(json<Err>(res).code).toBe('validation_failed');
    }
    const res = await login(t, email, '123456');
    expect(res.statusCode).toBe(400);
    expect(json<Err>(res).code).toBe('otp_invalid');
  });

  it('expires a code after 5 minutes', async () => {
    const email = uniqueEmail('expiry');
    await sendOtp(t, email);
    const code = await lastCode(t, email);
    t.clock.advance(300_000);
    const res = await login(t, email, code, { headers: { 'accept-language': 'th' } });
    expect(res.statusCode).toBe(400);
    expect(json<Err>(res)).toMatchObject({ code: 'otp_expired', message: ['รหัสหมดอายุแล้ว กรุณาขอรหัสใหม่'] });

    // Just inside the lifetime it still works.
    await sendOtp(t, email);
    const fresh = await lastCode(t, email);
    t.clock.advance(299_000);
    expect((await login(t, email, fresh)).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const email = uniqueEmail('tries');
    await sendOtp(t, email);
    const code = await lastCode(t, email);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push(json<Err>(await login(t, email, wrong(code))).code);
    expect(codes).toEqual(['otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_invalid', 'otp_exhausted']);

    const sixth = await login(t, email, code);
    expect(sixth.statusCode).toBe(400);
    expect(json<Err>(sixth)).toMatchObject({
      code: 'otp_exhausted',
      message: ['Too many wrong attempts. Please request a new code.'],
    });

    // A new code (after the resend gap) works again.
    t.clock.advance(61_000);
    await sendOtp(t, email);
    expect((await login(t, email, await lastCode(t, email))).statusCode).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    const email = uniqueEmail('replace');
    await sendOtp(t, email);
    const first = await lastCode(t, email);
    t.clock.advance(61_000);
    await sendOtp(t, email);
    const second = await lastCode(t, email);
    if (first !== second) expect(json<Err>(await login(t, email, first)).code).toBe('otp_invalid');
    expect((await login(t, email, second)).statusCode).toBe(200);
  });

  it('two logins racing with one code: exactly one wins', async () => {
    const email = uniqueEmail('race');
    await sendOtp(t, email);
    const code = await lastCode(t, email);
    const results = await Promise.all([login(t, email, code), login(t, email, code), login(t, email, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });
});

describe('per-IP send limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { otpSendLimitPerIp: 3 } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the configured number of sends from one IP', async () => {
    for (let i = 0; i < 3; i++)
      expect((await sendOtp(t, uniqueEmail(`ip${i}`), { remoteAddress: '192.0.2.7' })).statusCode).toBe(200);
    const res = await sendOtp(t, uniqueEmail('ip-over'), { remoteAddress: '192.0.2.7' });
    expect(res.statusCode).toBe(429);
    expect(json<Err>(res).code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(500);
    // Another IP is not limited.
    expect((await sendOtp(t, uniqueEmail('ip-other'), { remoteAddress: '192.0.2.8' })).statusCode).toBe(200);
  });
});

describe('a stranger cannot lock the owner out of their address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const attacker = { remoteAddress: '198.51.100.66' };
  const owner = { remoteAddress: '203.0.113.10' };

  it('sends and wrong tries from one IP use up that IP only; the owner gets a fresh code at once and signs in', async () => {
    const email = uniqueEmail('target');
    // Every send the attacker is allowed, and then one more.
    for (let i = 0; i < t.config.otpSendLimitPerAddress; i++) {
      expect((await sendOtp(t, email, attacker)).statusCode, `send ${i + 1}`).toBe(200);
      t.clock.advance(61_000);
    }
    expect((await sendOtp(t, email, attacker)).statusCode).toBe(429);
    // Kill the live code with wrong tries, then keep guessing until this IP is stopped.
    const code = await lastCode(t, email);
    const answers: number[] = [];
    for (let i = 0; i < t.config.loginLimitPerAddressAndIp + 2; i++)
      answers.push((await login(t, email, wrong(code), attacker)).statusCode);
    expect(answers.slice(0, t.config.loginLimitPerAddressAndIp).every((s) => s === 400)).toBe(true);
    expect(answers.slice(t.config.loginLimitPerAddressAndIp)).toEqual([429, 429]);
    expect(json<Err>(await login(t, email, code, owner)).code).toBe('otp_exhausted');

    // The owner, from their own IP, asks again at once (a dead code holds back no one) and signs in.
    const fresh = await sendOtp(t, email, owner);
    expect(fresh.statusCode).toBe(200);
    const res = await login(t, email, await lastCode(t, email), owner);
    expect(res.statusCode).toBe(200);
  });

  it('still bounds the mail one mailbox gets from many IPs', async () => {
    const email = uniqueEmail('many-ips');
    const statuses: number[] = [];
    for (let i = 0; i < t.config.otpSendLimitPerAddressTotal + 1; i++) {
      statuses.push((await sendOtp(t, email, { remoteAddress: `192.0.2.${i + 1}` })).statusCode);
      t.clock.advance(61_000);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(t.config.otpSendLimitPerAddressTotal);
    expect(statuses.at(-1)).toBe(429);
  });

  it('the owner who mistypes five times can ask for a new code at once and still has tries left', async () => {
    const email = uniqueEmail('typo');
    await sendOtp(t, email, owner);
    const code = await lastCode(t, email);
    for (let i = 0; i < 5; i++) await login(t, email, wrong(code), owner);
    t.clock.advance(1);
    expect((await sendOtp(t, email, owner)).statusCode).toBe(200);
    expect((await login(t, email, await lastCode(t, email), owner)).statusCode).toBe(200);
  });
});
