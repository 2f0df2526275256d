import {
  OTP_RESEND_AFTER_SECONDS,
  OTP_TTL_SECONDS,
  STAFF_CHALLENGE_TTL_SECONDS,
  STAFF_SESSION_IDLE_MINUTES,
  STAFF_SESSION_MAX_HOURS,
  type StaffChallengeData,
  type StaffMe,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../src/jobs/housekeeping.ts';
import { seal, unseal } from '../src/modules/admin/auth/secret-box.ts';
import {
  bearer,
  buildTestApp,
  lastCode,
  signIn,
  uniqueEmail,
  type TestApp,
} from './helpers/build-test-app.ts';
import {
  createTestStaff,
  signInStaff,
  signInStaffThroughFlow,
  staffCodeMailsSettled,
  staffSecondFactor,
  staffSendCode,
  staffSendCodeAndRead,
  staffVerifyCode,
  totpCode,
  uniqueStaffEmail,
} from './helpers/staff.ts';

const MIN = 60_000;
const me = (t: TestApp, headers: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/admin/api/me', headers });
const mailsTo = async (t: TestApp, email: string) =>
  (await t.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute()).length;

/** Send and verify the e-mailed code: the challenge, ready for the second factor (the clock moves 1 s). */
const challengeFor = async (t: TestApp, email: string): Promise<StaffChallengeData> => {
  // A second on, so the outbox's newest mail is this code (the last code was used: no resend wait).
  t.clock.advance(1000);
  const res = await staffVerifyCode(t, email, await staffSendCodeAndRead(t, email));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: StaffChallengeData }>().data;
};

describe('staff sign-in: e-mailed code, then an authenticator app (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('enrols an authenticator app on the first sign-in and opens a session', async () => {
    const { email, staffId } = await createTestStaff(t, 'support', { name: 'Sup Port' });
    const sent = await staffSendCode(t, email);
    expect(sent.json()).toEqual({
      success: true,
      data: { resendAfterSeconds: OTP_RESEND_AFTER_SECONDS, expiresInSeconds: OTP_TTL_SECONDS },
    });
    // The mail goes out from the job queue, a moment after the answer.
    await staffCodeMailsSettled(t);
    const verified = await staffVerifyCode(t, email, await lastCode(t, email));
    expect(verified.statusCode).toBe(200);
    const challenge = verified.json<{ data: StaffChallengeData }>().data;
    expect(challenge).toMatchObject({
      secondFactor: 'enrol_totp',
      expiresInSeconds: STAFF_CHALLENGE_TTL_SECONDS,
    });
    expect(challenge.challengeToken).toMatch(/^stc_/);
    const secret = challenge.enrolment?.secret ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(challenge.enrolment?.otpauthUrl).toBe(
      `otpauth://totp/Privileges%20Back%20Office:${encodeURIComponent(email)}?secret=${secret}&issuer=Privileges%20Back%20Office`,
    );
    // Not enrolled until a code from the app proves it has the secret.
    expect(
      (await t.db.selectFrom('staff').selectAll().where('id', '=', staffId).executeTakeFirstOrThrow())
        .totp_secret,
    ).toBeNull();

    const done = await staffSecondFactor(t, challenge.challengeToken, await totpCode(secret, t.clock.now()));
    expect(done.statusCode, done.body).toBe(200);
    const session = done.json<{ data: { token: string; expiresAt: string; staff: StaffMe } }>().data;
    expect(session.token).toMatch(/^stf_/);
    expect(session.expiresAt).toBe(
      new Date(t.clock.now().getTime() + STAFF_SESSION_MAX_HOURS * 3_600_000).toISOString(),
    );
    expect(session.staff).toEqual({
      id: staffId,
      email,
      name: 'Sup Port',
      role: 'support',
      storeIds: [],
      permissions: [
        'audit.read',
        'members.read',
        'members.points',
        'members.access',
        'orders.read',
        'orders.refund',
        'catalogue.read',
        'rules.read',
        'dashboard.read',
      ],
      language: 'en',
    });
    const row = await t.db
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect(row.totp_confirmed_at).not.toBeNull();
    // Sealed at rest: the stored text is not the secret, and opens only with the server's key.
    expect(row.totp_secret).not.toContain(secret);
    expect(unseal(t.config.jwtSecret, row.totp_secret ?? '')).toBe(secret);
    const stored = await t.db
      .selectFrom('staff_session')
      .selectAll()
      .where('staff_id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(session.token);
    expect(stored.ip).toBe('127.0.0.1');

    const who = await me(t, bearer(session.token));
    expect(who.statusCode).toBe(200);
    expect(who.json<{ data: StaffMe }>().data).toEqual(session.staff);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('staff_id', '=', staffId).execute();
    expect(audit.map((a) => a.action)).toEqual(['staff.sign_in_enrolled']);

    // The next sign-in asks for the app's code; no new secret is offered.
    const next = await challengeFor(t, email);
    expect(next).toMatchObject({ secondFactor: 'totp', enrolment: null });
  });

  it('refuses a wrong code, a replayed code and codes outside ±1 step', async () => {
    const { email } = await createTestStaff(t, 'owner');
    const { secret } = await signInStaffThroughFlow(t, email);
    // The code just used does not work again, even on a fresh challenge a second later.
    const usedCode = await totpCode(secret, t.clock.now());
    const c1 = await challengeFor(t, email);
    expect((await staffSecondFactor(t, c1.challengeToken, usedCode)).json()).toMatchObject({
      code: 'second_factor_invalid',
    });
    const wrong = String((Number(await totpCode(secret, t.clock.now())) + 1) % 1_000_000).padStart(6, '0');
    const bad = await staffSecondFactor(t, c1.challengeToken, wrong);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'second_factor_invalid' });
    // Two steps away either side: refused.
    const now = t.clock.now().getTime();
    for (const offset of [-60_000, 60_000])
      expect(
        (
          await staffSecondFactor(t, c1.challengeToken, await totpCode(secret, new Date(now + offset)))
        ).json(),
      ).toMatchObject({ code: 'second_factor_invalid' });
    // One step ahead (a phone's clock a little fast): accepted.
    const ok = await staffSecondFactor(t, c1.challengeToken, await totpCode(secret, new Date(now + 30_000)));
    expect(ok.statusCode, ok.body).toBe(200);
    // That step is now the last used: the current step's code (older) is refused on the next challenge;
    // a code of a later step works.
    const c2 = await challengeFor(t, email);
    const current = await staffSecondFactor(t, c2.challengeToken, await totpCode(secret, t.clock.now()));
    expect(current.json()).toMatchObject({ code: 'second_factor_invalid' });
    t.clock.advance(60_000);
    const later = await staffSecondFactor(t, c2.challengeToken, await totpCode(secret, t.clock.now()));
    expect(later.statusCode).toBe(200);
  });

  it('one code sent twice at once, on two challenges: exactly one session (2 rounds: the per-address send limit is 5)', async () => {
    const { email, staffId } = await createTestStaff(t, 'support');
    const { secret } = await signInStaffThroughFlow(t, email);
    for (let round = 0; round < 2; round++) {
      const a = await challengeFor(t, email);
      const b = await challengeFor(t, email);
      t.clock.advance(30_000);
      const code = await totpCode(secret, t.clock.now());
      const answers = await Promise.all([
        staffSecondFactor(t, a.challengeToken, code),
        staffSecondFactor(t, b.challengeToken, code),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([200, 400]);
    }
    const sessions = await t.db
      .selectFrom('staff_session')
      .select('id')
      .where('staff_id', '=', staffId)
      .execute();
    expect(sessions).toHaveLength(1 + 2);
  });

  it('a challenge works once, for 5 minutes and 5 wrong codes', async () => {
    const { email } = await createTestStaff(t, 'marketing');
    const { secret } = await signInStaffThroughFlow(t, email);
    // Each code from a later step than the last one used.
    const code = async () => {
      t.clock.advance(30_000);
      return totpCode(secret, t.clock.now());
    };

    // Used once: a second try with the same challenge is refused.
    const once = await challengeFor(t, email);
    expect((await staffSecondFactor(t, once.challengeToken, await code())).statusCode).toBe(200);
    expect((await staffSecondFactor(t, once.challengeToken, await code())).json()).toMatchObject({
      code: 'staff_challenge_invalid',
    });

    // Expired after 5 minutes.
    const late = await challengeFor(t, email);
    t.clock.advance(STAFF_CHALLENGE_TTL_SECONDS * 1000 + 1);
    expect((await staffSecondFactor(t, late.challengeToken, await code())).json()).toMatchObject({
      code: 'staff_challenge_invalid',
    });

    // Five wrong codes kill it: then even the right code is refused.
    const tries = await challengeFor(t, email);
    for (let i = 0; i < 5; i++)
      expect((await staffSecondFactor(t, tries.challengeToken, '000000')).json()).toMatchObject({
        code: 'second_factor_invalid',
      });
    expect((await staffSecondFactor(t, tries.challengeToken, await code())).json()).toMatchObject({
      code: 'staff_challenge_invalid',
    });
    // An unknown challenge.
    expect(
      (await staffSecondFactor(t, 'stc_notachallengeatallnotachallenge', await code())).json(),
    ).toMatchObject({
      code: 'staff_challenge_invalid',
    });
  });

  it('answers an unknown or disabled address exactly as a staff one, and mails only staff', async () => {
    const { email: staffEmail } = await createTestStaff(t, 'support');
    const { email: disabledEmail, staffId } = await createTestStaff(t, 'support');
    await t.db.updateTable('staff').set({ status: 'disabled' }).where('id', '=', staffId).execute();
    const unknown = uniqueStaffEmail('nobody');
    const answers = [];
    for (const email of [staffEmail, disabledEmail, unknown]) {
      const res = await staffSendCode(t, email);
      answers.push({ status: res.statusCode, body: res.json() });
      // The resend wait is the same too.
      const again = await staffSendCode(t, email);
      answers.push({ status: again.statusCode, code: again.json<{ code: string }>().code });
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[0]).toEqual(answers[4]);
    expect(answers[1]).toEqual({ status: 429, code: 'rate_limited' });
    expect(answers[3]).toEqual(answers[1]);
    expect(answers[5]).toEqual(answers[1]);
    await staffCodeMailsSettled(t);
    expect(await mailsTo(t, staffEmail)).toBe(1);
    expect(await mailsTo(t, disabledEmail)).toBe(0);
    expect(await mailsTo(t, unknown)).toBe(0);
    // Guessing a code for them gets what a wrong code gets.
    expect((await staffVerifyCode(t, unknown, '123456')).json()).toMatchObject({ code: 'otp_invalid' });
    // A member's sign-in code never opens the back office.
    const member = uniqueEmail('member-staff');
    await t.app.inject({ method: 'POST', url: '/auth/otp/send-otp', payload: { email: member } });
    expect((await staffVerifyCode(t, member, await lastCode(t, member))).json()).toMatchObject({
      code: 'otp_invalid',
    });
  });

  it('limits codes per address like the member sign-in, alike for staff and strangers', async () => {
    const { email } = await createTestStaff(t, 'support');
    const stranger = uniqueStaffEmail('stranger');
    const statuses = async (address: string) => {
      const seen: number[] = [];
      for (let i = 0; i < 6; i++) {
        t.clock.advance(OTP_RESEND_AFTER_SECONDS * 1000 + 1000);
        seen.push((await staffSendCode(t, address)).statusCode);
      }
      return seen;
    };
    const forStaff = await statuses(email);
    expect(forStaff).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await statuses(stranger)).toEqual(forStaff);
  });

  it('mails the code in the language asked for', async () => {
    const { email } = await createTestStaff(t, 'support', { language: 'th' });
    await staffSendCodeAndRead(t, email);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^รหัสเข้าสู่ระบบหลังบ้านของคุณ: \d{6}$/);
    const { email: en } = await createTestStaff(t, 'support', { language: 'th' });
    await staffSendCodeAndRead(t, en, 'en');
    const enMail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', en)
      .executeTakeFirstOrThrow();
    expect(enMail.subject).toMatch(/^Your back-office sign-in code: \d{6}$/);
  });

  it('refuses an address disabled between the code and the second factor', async () => {
    const { email, staffId } = await createTestStaff(t, 'support');
    const code = await staffSendCodeAndRead(t, email);
    await t.db.updateTable('staff').set({ status: 'disabled' }).where('id', '=', staffId).execute();
    expect((await staffVerifyCode(t, email, code)).json()).toMatchObject({ code: 'otp_invalid' });

    const { email: e2, staffId: id2 } = await createTestStaff(t, 'support');
    const c = await challengeFor(t, e2);
    await t.db.updateTable('staff').set({ status: 'disabled' }).where('id', '=', id2).execute();
    expect(
      (
        await staffSecondFactor(t, c.challengeToken, await totpCode(c.enrolment?.secret ?? '', t.clock.now()))
      ).json(),
    ).toMatchObject({
      code: 'staff_challenge_invalid',
    });
  });
});

describe('staff sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('end after 30 minutes without a request', async () => {
    const s = await signInStaff(t, 'support');
    t.clock.advance((STAFF_SESSION_IDLE_MINUTES - 1) * MIN);
    expect((await me(t, s.headers)).statusCode).toBe(200);
    // Each request moves the idle end.
    t.clock.advance((STAFF_SESSION_IDLE_MINUTES - 1) * MIN);
    expect((await me(t, s.headers)).statusCode).toBe(200);
    t.clock.advance(STAFF_SESSION_IDLE_MINUTES * MIN + 1);
    const res = await me(t, s.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('end 8 hours after sign-in however busy', async () => {
    const { email } = await createTestStaff(t, 'owner');
    const s = await signInStaffThroughFlow(t, email);
    const started = t.clock.now().getTime();
    while (t.clock.now().getTime() + 20 * MIN < started + STAFF_SESSION_MAX_HOURS * 3_600_000) {
      t.clock.advance(20 * MIN);
      expect((await me(t, s.headers)).statusCode).toBe(200);
    }
    t.clock.set(new Date(started + STAFF_SESSION_MAX_HOURS * 3_600_000));
    expect((await me(t, s.headers)).statusCode).toBe(401);
  });

  it('sign-out ends the session it was sent with, and only that one', async () => {
    const { email } = await createTestStaff(t, 'marketing');
    const a = await signInStaffThroughFlow(t, email);
    const b = await signInStaffThroughFlow(t, email, a.secret);
    const out = await t.app.inject({ method: 'POST', url: '/admin/api/auth/sign-out', headers: a.headers });
    expect(out.json()).toEqual({ success: true, data: { signedOut: true } });
    expect((await me(t, a.headers)).statusCode).toBe(401);
    expect((await me(t, b.headers)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.sign_out')
      .where('staff_email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.entity_type).toBe('staff_session');
  });

  it('a disabled account is refused at once, whatever sessions it holds', async () => {
    const s = await signInStaff(t, 'support');
    await t.db.updateTable('staff').set({ status: 'disabled' }).where('id', '=', s.staffId).execute();
    expect((await me(t, s.headers)).statusCode).toBe(401);
  });

  it("a member's token is refused by the back office, and a staff token by the member API", async () => {
    const member = await signIn(t);
    for (const authorization of [
      `Bearer ${member.accessToken}`,
      JSON.stringify({ accessToken: member.accessToken, refreshToken: member.refreshToken }),
    ])
      expect((await me(t, { authorization })).statusCode).toBe(401);
    const s = await signInStaff(t, 'owner');
    const profile = await t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: s.headers });
    expect(profile.statusCode).toBe(401);
  });
});

describe('sealed second-factor secrets', () => {
  it('open only with the key they were sealed with, and not once altered', () => {
    const sealed = seal('server-secret-one-0123456789abcdef', 'JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(seal('server-secret-one-0123456789abcdef', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(unseal('server-secret-one-0123456789abcdef', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(unseal('server-secret-two-0123456789abcdef', sealed)).toBeUndefined();
    // One character before the last altered (the last one also carries unused padding bits).
    const tampered = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(unseal('server-secret-one-0123456789abcdef', tampered)).toBeUndefined();
    expect(unseal('server-secret-one-0123456789abcdef', 'garbage')).toBeUndefined();
  });
});

describe('housekeeping of staff sign-ins', () => {
  it('deletes challenges a day past their end and sessions a week past theirs', async () => {
    const t = await buildTestApp();
    try {
      const { email } = await createTestStaff(t, 'support');
      await staffVerifyCode(t, email, await staffSendCodeAndRead(t, email));
      const ended = await signInStaff(t, 'support');
      await t.app.inject({ method: 'POST', url: '/admin/api/auth/sign-out', headers: ended.headers });
      // An 8-hour session, never ended by hand: gone a week after its end.
      await signInStaff(t, 'owner');
      const count = async () => ({
        challenges: (await t.db.selectFrom('staff_challenge').select('id').execute()).length,
        sessions: (await t.db.selectFrom('staff_session').select('id').execute()).length,
      });
      expect(await count()).toEqual({ challenges: 1, sessions: 2 });
      t.clock.advance(6 * 86_400_000);
      const early = await runHousekeeping(t.db, t.clock.now());
      expect(early).toMatchObject({ staffChallenges: 1, staffSessions: 0 });
      t.clock.advance(2 * 86_400_000);
      const late = await runHousekeeping(t.db, t.clock.now());
      expect(late).toMatchObject({ staffChallenges: 0, staffSessions: 2 });
      expect(await count()).toEqual({ challenges: 0, sessions: 0 });
    } finally {
      await t.close();
    }
  });
});
