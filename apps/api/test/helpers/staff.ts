import { randomUUID } from 'node:crypto';
import {
  STAFF_SESSION_MAX_HOURS,
  type Language,
  type StaffChallengeData,
  type StaffRole,
  type StaffSessionData,
} from '@app/contracts';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { jobsSchemaFor } from '../../src/jobs/jobs.ts';
import { hashStaffToken, newStaffToken } from '../../src/modules/admin/staff-token.ts';
import { bearer, lastCode, type TestApp } from './build-test-app.ts';
import { waitFor } from './test-database.ts';

export interface TestStaffOptions {
  /** Default: a fresh address per call. */
  email?: string;
  name?: string;
  language?: Language;
  /** store_staff's stores; default for store_staff: one new store made for them. Ignored for other roles. */
  storeIds?: string[];
}

export interface SignedInStaff {
  token: string;
  staffId: string;
  sessionId: string;
  email: string;
  /** The stores a store_staff account works for (empty for other roles). */
  storeIds: string[];
  /** `{ authorization: 'Bearer stf_…' }` for app.inject. */
  headers: { authorization: string };
}

let counter = 0;
/** A fresh staff address per call, so tests sharing one app never share an account. */
export const uniqueStaffEmail = (label = 'staff') =>
  `${label}.${process.pid}.${Date.now().toString(36)}.${counter++}@staff.example.com`;

/** A store (merchant) with its own category, for store_staff accounts and store filters. */
export const createTestStore = async (t: TestApp, name = 'Test Store'): Promise<string> => {
  const now = t.clock.now();
  const category = await t.db
    .insertInto('category')
    .values({
      slug: `test-${randomUUID()}`,
      name_en: 'Test category',
      name_th: 'หมวดทดสอบ',
      icon_file: 'cafe-1.svg',
      sort_order: 99,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const merchant = await t.db
    .insertInto('merchant')
    .values({
      category_id: category.id,
      name_en: name,
      name_th: `ร้าน ${name}`,
      description_en: `${name} description`,
      description_th: `รายละเอียด ${name}`,
      logo_file: 'baan-kafae-1.svg',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return merchant.id;
};

/**
 * An active staff account without a second factor yet (its first real sign-in enrols one; tests that
 * need TOTP go through that flow).
 */
export const createTestStaff = async (
  t: TestApp,
  role: StaffRole,
  opts: TestStaffOptions = {},
): Promise<{ staffId: string; email: string; storeIds: string[] }> => {
  const now = t.clock.now();
  const email = (opts.email ?? uniqueStaffEmail(role)).toLowerCase();
  const staff = await t.db
    .insertInto('staff')
    .values({
      email,
      name: opts.name ?? `Test ${role}`,
      role,
      language: opts.language ?? 'en',
      status: 'active',
      totp_secret: null,
      totp_confirmed_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let storeIds: string[] = [];
  if (role === 'store_staff') {
    storeIds = opts.storeIds ?? [await createTestStore(t)];
    if (storeIds.length > 0)
      await t.db
        .insertInto('staff_store')
        .values(storeIds.map((merchant_id) => ({ staff_id: staff.id, merchant_id })))
        .execute();
  }
  return { staffId: staff.id, email, storeIds };
};

/**
 * A staff member of `role` with a live session, ready for /admin/api: the account is inserted and a
 * session row written directly (the real sign-in — e-mailed code, then TOTP — has its own tests in
 * admin-auth.test.ts). The session lives by the app's rules: idle and absolute ends follow the test clock.
 */
export const signInStaff = async (
  t: TestApp,
  role: StaffRole,
  opts: TestStaffOptions = {},
): Promise<SignedInStaff> => {
  const { staffId, email, storeIds } = await createTestStaff(t, role, opts);
  return { ...(await openStaffSession(t, staffId)), staffId, email, storeIds };
};

/** A new session for an existing staff account (e.g. a second device). */
export const openStaffSession = async (
  t: TestApp,
  staffId: string,
): Promise<{ token: string; sessionId: string; headers: { authorization: string } }> => {
  const now = t.clock.now();
  const token = newStaffToken('stf');
  const session = await t.db
    .insertInto('staff_session')
    .values({
      staff_id: staffId,
      token_hash: hashStaffToken(token),
      ip: '127.0.0.1',
      user_agent: 'test',
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + STAFF_SESSION_MAX_HOURS * 3_600_000),
      revoked_at: null,
      revoked_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: session.id, headers: bearer(token) };
};

/** The authenticator app's code for `secret` at the test clock's time (or `at`). */
export const totpCode = (secret: string, at: Date) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

export const staffSendCode = (t: TestApp, email: string, language?: 'en' | 'th') =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/auth/send-code',
    payload: language ? { email, language } : { email },
  });

export const staffVerifyCode = (t: TestApp, email: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/admin/api/auth/verify-code', payload: { email, code } });

export const staffSecondFactor = (t: TestApp, challengeToken: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/admin/api/auth/second-factor', payload: { challengeToken, code } });

const mailsTo = async (t: TestApp, email: string) =>
  (await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email.toLowerCase()).execute())
    .length;

/**
 * Step 1, then the code its mail brings: the mail goes out from the job queue a moment after the
 * answer, so this waits for a new mail to the address in the dev outbox.
 */
export const staffSendCodeAndRead = async (
  t: TestApp,
  email: string,
  language?: 'en' | 'th',
): Promise<string> => {
  const before = await mailsTo(t, email);
  const sent = await staffSendCode(t, email, language);
  if (sent.statusCode !== 200) throw new Error(`send-code ${sent.statusCode}: ${sent.body}`);
  await waitFor(async () => (await mailsTo(t, email)) > before, 10_000, `the code mail to ${email}`);
  return lastCode(t, email);
};

/** Waits until every queued sign-in code mail has been dealt with (sent, or dropped as not for staff). */
export const staffCodeMailsSettled = async (t: TestApp) => {
  const schema = await jobsSchemaFor(t.db);
  await waitFor(
    async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${schema}.job`)}
        where name = 'admin.staff-code-mail' and state in ('created', 'retry', 'active')`.execute(t.db);
      return rows[0]?.n === 0;
    },
    10_000,
    'the queued sign-in code mails',
  );
};

/**
 * The real sign-in of an existing staff account: e-mailed code from the outbox, then the authenticator
 * code — enrolling with the offered secret when the account has none yet (pass the `secret` an
 * earlier sign-in returned otherwise). Moves the clock first: a second past the newest mail (so the
 * outbox's newest is this code), and 61 s when `secret` is given (past the resend wait, and a code
 * step newer than the last one used).
 */
export const signInStaffThroughFlow = async (
  t: TestApp,
  email: string,
  secret?: string,
): Promise<{ token: string; secret: string; headers: { authorization: string }; data: StaffSessionData }> => {
  t.clock.advance(secret ? 61_000 : 1000);
  const verified = await staffVerifyCode(t, email, await staffSendCodeAndRead(t, email));
  if (verified.statusCode !== 200) throw new Error(`verify-code ${verified.statusCode}: ${verified.body}`);
  const challenge = verified.json<{ data: StaffChallengeData }>().data;
  const useSecret = challenge.enrolment?.secret ?? secret;
  if (!useSecret) throw new Error('the account has a second factor: pass its secret');
  const done = await staffSecondFactor(t, challenge.challengeToken, await totpCode(useSecret, t.clock.now()));
  if (done.statusCode !== 200) throw new Error(`second-factor ${done.statusCode}: ${done.body}`);
  const data = done.json<{ data: StaffSessionData }>().data;
  return { token: data.token, secret: useSecret, headers: bearer(data.token), data };
};
