import type { MemberInfo } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  json,
  lastCode,
  signIn,
  uniqueEmail,
  type TestApp,
} from './helpers/build-test-app.ts';

type Err = { success: false; code: string; message: string[] };
type Ok<T> = { success: true; data: T };

/** Moves the clock on by a millisecond around the send, so the outbox's newest mail is the one meant. */
const sendChangeCode = async (t: TestApp, token: string, email: string, language?: 'en' | 'th') => {
  t.clock.advance(1);
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/users/email/send-otp',
    headers: bearer(token),
    payload: language ? { email, language } : { email },
  });
  t.clock.advance(1);
  return res;
};

const confirmChange = (t: TestApp, token: string, email: string, otp: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/users/email/verify',
    headers: bearer(token),
    payload: { email, otp },
  });

const profileOf = async (t: TestApp, token: string) =>
  json<Ok<MemberInfo>>(
    await t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(token) }),
  ).data;

const mailsTo = (t: TestApp, email: string) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .orderBy('created_at', 'asc')
    .execute();

describe('changing the e-mail address: proven by a code sent to the new address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('closes the takeover: an unproven change leaves the profile alone, and the owner signs in to their own account', async () => {
    const attacker = await signIn(t);
    await t.app.inject({
      method: 'PATCH',
      url: '/auth/users/update',
      headers: bearer(attacker.accessToken),
      payload: { firstName: 'Mallory' },
    });
    const victim = uniqueEmail('victim');

    // The direct change the attacker used before is refused, and so is a change without the code.
    const direct = await t.app.inject({
      method: 'PATCH',
      url: '/auth/users/update',
      headers: bearer(attacker.accessToken),
      payload: { email: victim },
    });
    expect(direct.statusCode).toBe(400);
    expect((await sendChangeCode(t, attacker.accessToken, victim)).statusCode).toBe(200);
    expect(json<Err>(await confirmChange(t, attacker.accessToken, victim, '000000')).code).toMatch(/^otp_/);
    expect((await profileOf(t, attacker.accessToken)).email).toBe(attacker.email);

    // The owner of the address signs in (the code mail is theirs) and reaches a member of their own.
    const owner = await signIn(t, victim);
    expect(owner.id).not.toBe(attacker.id);
    expect(owner.firstName).toBeNull();
    expect((await profileOf(t, attacker.accessToken)).firstName).toBe('Mallory');
    // The change code the attacker asked for is not a sign-in code, nor the other way round.
    const changeMail = (await mailsTo(t, victim))[0];
    expect(changeMail?.subject).toMatch(/confirm your new email/i);
  });

  it('changes the address once the code comes back, and tells the old address', async () => {
    const m = await signIn(t);
    const next = uniqueEmail('next');
    const sent = await sendChangeCode(t, m.accessToken, next.toUpperCase(), 'th');
    expect(sent.statusCode).toBe(200);
    expect(json<Ok<{ resendAfterSeconds: number }>>(sent).data.resendAfterSeconds).toBe(60);
    expect((await profileOf(t, m.accessToken)).email).toBe(m.email); // unchanged until confirmed

    const [codeMail] = await mailsTo(t, next);
    expect(codeMail?.subject).toMatch(/^รหัสยืนยันอีเมลใหม่ของคุณ: \d{6}$/);
    const code = await lastCode(t, next);
    const ok = await confirmChange(t, m.accessToken, next, code);
    expect(ok.statusCode).toBe(200);
    expect(json<Ok<MemberInfo>>(ok).data.email).toBe(next);
    expect((await profileOf(t, m.accessToken)).email).toBe(next);

    const notices = await mailsTo(t, m.email);
    const notice = notices.at(-1);
    expect(notice?.subject).toBe('Your Privileges email address was changed');
    expect(notice?.text_body).toContain(next);

    // The code worked once; the new address signs in to the same member, the old one to a new member.
    expect(json<Err>(await confirmChange(t, m.accessToken, uniqueEmail('x'), code)).code).toBe('otp_invalid');
    t.clock.advance(1);
    expect((await signIn(t, next)).id).toBe(m.id);
    expect((await signIn(t, m.email)).id).not.toBe(m.id);
  });

  it('answers the same for a taken and a free address; email_taken only after the code proves the mailbox', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const taken = await sendChangeCode(t, a.accessToken, b.email);
    const free = await sendChangeCode(t, a.accessToken, uniqueEmail('free'));
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    expect(json(taken)).toEqual(json(free));

    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/users/email/verify',
      headers: { ...bearer(a.accessToken), 'accept-language': 'th' },
      payload: { email: b.email, otp: await lastCode(t, b.email) },
    });
    expect(res.statusCode).toBe(409);
    expect(json<Err>(res)).toMatchObject({ code: 'email_taken', message: ['อีเมลนี้ถูกใช้กับบัญชีอื่นแล้ว'] });
    expect((await profileOf(t, a.accessToken)).email).toBe(a.email);
    expect((await profileOf(t, b.accessToken)).email).toBe(b.email);
  });

  it('binds a code to the member who asked: another member cannot use it', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const next = uniqueEmail('bound');
    await sendChangeCode(t, a.accessToken, next);
    const code = await lastCode(t, next);
    expect(json<Err>(await confirmChange(t, b.accessToken, next, code)).code).toBe('otp_invalid');
    // …nor is it a sign-in code for the new address.
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: next, otp: code },
    });
    expect(json<Err>(login).code).toBe('otp_invalid');
    expect((await confirmChange(t, a.accessToken, next, code)).statusCode).toBe(200);
  });

  it('refuses the current address, bad bodies and visitors', async () => {
    const a = await signIn(t);
    const same = await sendChangeCode(t, a.accessToken, a.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(json<Err>(same).code).toBe('email_unchanged');
    for (const payload of [{}, { email: 'not-an-email@' }, { email: uniqueEmail(), extra: 1 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/users/email/send-otp',
        headers: bearer(a.accessToken),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/auth/users/email/send-otp',
      payload: { email: uniqueEmail() },
    });
    expect(visitor.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/users/email/verify',
          payload: { email: uniqueEmail(), otp: '123456' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('kills a change code after 5 wrong tries, and keeps the resend gap of sign-in codes', async () => {
    const a = await signIn(t);
    const next = uniqueEmail('tries');
    await sendChangeCode(t, a.accessToken, next);
    const again = await sendChangeCode(t, a.accessToken, next);
    expect(again.statusCode).toBe(429);
    const code = await lastCode(t, next);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(json<Err>(await confirmChange(t, a.accessToken, next, wrong)).code);
    expect(codes.at(-1)).toBe('otp_exhausted');
    expect(json<Err>(await confirmChange(t, a.accessToken, next, code)).code).toBe('otp_exhausted');
    // A dead code does not hold back a fresh one.
    expect((await sendChangeCode(t, a.accessToken, next)).statusCode).toBe(200);
    expect((await confirmChange(t, a.accessToken, next, await lastCode(t, next))).statusCode).toBe(200);
  });

  it('two members racing for one free address: exactly one gets it', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const target = uniqueEmail('race');
    await sendChangeCode(t, a.accessToken, target);
    const codeA = await lastCode(t, target);
    t.clock.advance(61_000);
    await sendChangeCode(t, b.accessToken, target);
    const codeB = await lastCode(t, target);
    const results = await Promise.all([
      confirmChange(t, a.accessToken, target, codeA),
      confirmChange(t, b.accessToken, target, codeB),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
