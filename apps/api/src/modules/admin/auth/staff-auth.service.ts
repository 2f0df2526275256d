import {
  STAFF_CHALLENGE_MAX_ATTEMPTS,
  STAFF_CHALLENGE_TTL_SECONDS,
  STAFF_SESSION_MAX_HOURS,
  permissionsOf,
  type ErrorCode,
  type Language,
  type SendOtpData,
  type StaffChallengeData,
  type StaffMe,
  type StaffSessionData,
} from '@app/contracts';
import { AppError } from '../../../app-error.ts';
import type { Ctx } from '../../../context.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { sendCode, verifyCode, type SendCodeHooks } from '../../auth/index.ts';
import { recordAudit } from '../audit.ts';
import type { StaffPrincipal } from '../guard.ts';
import { hashStaffToken, newStaffToken } from '../staff-token.ts';
import { findStaffByEmail, findStaffById, lockStaff, storeIdsOf } from '../staff/staff.repository.ts';
import { seal, unseal } from './secret-box.ts';
import { STAFF_SIGN_IN, type StaffCodeQueue } from './staff-code.jobs.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';

/**
 * Step 1: makes and keeps a code for the address and queues its mail; the job mails it only to an
 * active staff account. Every address takes the same path — the same queries, the same answer, in the
 * same time, whether or not SMTP is up — so neither the answer nor its timing tells who is staff.
 */
export const sendStaffCode = async (
  ctx: Ctx,
  queue: StaffCodeQueue,
  input: { email: string; language?: Language | undefined },
  hooks: SendCodeHooks = {},
): Promise<SendOtpData> => {
  let code: string | undefined;
  // sendCode hands its mail to this "mailer" once the code is stored: the mail itself is written by
  // the job, in the account's language when the page asked in none. Should queueing fail, sendCode
  // forgets the code and answers mail_unavailable, as it does when SMTP fails.
  const queueing: Mailer = {
    kind: ctx.mailer.kind,
    send: async () => {
      const stored = await ctx.db
        .selectFrom('otp_code')
        .select('code_hash')
        .where('email', '=', input.email)
        .where('purpose', '=', STAFF_SIGN_IN)
        .executeTakeFirstOrThrow();
      await queue.send(ctx.db, {
        email: input.email,
        language: input.language ?? null,
        sealedCode: seal(ctx.config.jwtSecret, code ?? ''),
        codeHash: stored.code_hash,
      });
    },
    close: async () => {},
  };
  return sendCode(
    { ...ctx, mailer: queueing },
    {
      email: input.email,
      purpose: STAFF_SIGN_IN,
      language: input.language ?? null,
      render: (made) => {
        code = made;
        return { to: input.email, subject: '', text: '', html: '' };
      },
    },
    hooks,
  );
};

/**
 * Step 2: the e-mailed code proves the address; the answer is a short-lived challenge for the second
 * factor — or, for an account without an authenticator app yet (new, or reset by an owner), a fresh
 * secret to enrol, kept sealed on the challenge until a code from it proves the app has it.
 */
export const verifyStaffCode = async (
  ctx: Ctx,
  input: { email: string; code: string },
): Promise<StaffChallengeData> => {
  await verifyCode(ctx, input.email, STAFF_SIGN_IN, input.code);
  const staff = await findStaffByEmail(ctx.db, input.email);
  // Disabled since the code was sent (or never staff): the same answer as a wrong code.
  if (!staff || staff.status !== 'active') throw new AppError('otp_invalid');
  const now = ctx.now();
  const enrol = staff.totp_secret === null || staff.totp_confirmed_at === null;
  const secret = enrol ? newTotpSecret() : null;
  const token = newStaffToken('stc');
  await ctx.db
    .insertInto('staff_challenge')
    .values({
      staff_id: staff.id,
      token_hash: hashStaffToken(token),
      pending_totp_secret: secret ? seal(ctx.config.jwtSecret, secret) : null,
      expires_at: new Date(now.getTime() + STAFF_CHALLENGE_TTL_SECONDS * 1000),
      created_at: now,
    })
    .execute();
  return {
    challengeToken: token,
    secondFactor: enrol ? 'enrol_totp' : 'totp',
    enrolment: secret ? { secret, otpauthUrl: totpUri(secret, staff.email) } : null,
    expiresInSeconds: STAFF_CHALLENGE_TTL_SECONDS,
  };
};

type SecondFactorOutcome = { ok: true; data: StaffSessionData } | { ok: false; code: ErrorCode };

/**
 * Step 3: the authenticator app's code. A challenge is good for 5 minutes, one success and
 * STAFF_CHALLENGE_MAX_ATTEMPTS wrong codes (counted and committed even though the request fails);
 * a code's 30-second step must be later than the last one accepted for this account, so a code seen
 * over a shoulder cannot be used again. Success opens a session (idle 30 min, 8 h at most).
 */
export const completeSecondFactor = async (
  ctx: Ctx,
  input: { challengeToken: string; code: string },
  meta: { ip: string | null; userAgent: string | null; requestId: string | null },
): Promise<StaffSessionData> => {
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<SecondFactorOutcome> => {
    const challenge = await trx
      .selectFrom('staff_challenge')
      .selectAll()
      .where('token_hash', '=', hashStaffToken(input.challengeToken))
      .forUpdate()
      .executeTakeFirst();
    if (
      !challenge ||
      challenge.used_at !== null ||
      challenge.expires_at.getTime() <= now.getTime() ||
      challenge.attempts >= STAFF_CHALLENGE_MAX_ATTEMPTS
    )
      return { ok: false, code: 'staff_challenge_invalid' };
    // The account's row is locked: two sign-ins with one code cannot both pass the replay check.
    const staff = await lockStaff(trx, challenge.staff_id);
    if (!staff || staff.status !== 'active') return { ok: false, code: 'staff_challenge_invalid' };
    const enrol = challenge.pending_totp_secret !== null;
    const sealed = challenge.pending_totp_secret ?? staff.totp_secret;
    if (sealed === null) return { ok: false, code: 'staff_challenge_invalid' };
    const secret = unseal(ctx.config.jwtSecret, sealed);
    if (secret === undefined)
      ctx.log.warn(
        { staffId: staff.id },
        'a staff TOTP secret cannot be unsealed (JWT_SECRET changed?): an owner must reset this second factor',
      );
    const step =
      secret === undefined
        ? undefined
        : await checkTotp(secret, input.code, now, enrol ? null : staff.totp_last_step);
    if (step === undefined) {
      await trx
        .updateTable('staff_challenge')
        .set({ attempts: challenge.attempts + 1 })
        .where('id', '=', challenge.id)
        .execute();
      return { ok: false, code: 'second_factor_invalid' };
    }

    await trx.updateTable('staff_challenge').set({ used_at: now }).where('id', '=', challenge.id).execute();
    await trx
      .updateTable('staff')
      .set({
        totp_last_step: step,
        last_sign_in_at: now,
        ...(enrol ? { totp_secret: sealed, totp_confirmed_at: now } : {}),
      })
      .where('id', '=', staff.id)
      .execute();
    const token = newStaffToken('stf');
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_MAX_HOURS * 3_600_000);
    const session = await trx
      .insertInto('staff_session')
      .values({
        staff_id: staff.id,
        token_hash: hashStaffToken(token),
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 500) ?? null,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { staffId: staff.id, email: staff.email, requestId: meta.requestId }, now, {
      action: enrol ? 'staff.sign_in_enrolled' : 'staff.sign_in',
      entityType: 'staff_session',
      entityId: session.id,
      after: {
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        expiresAt: expiresAt.toISOString(),
      },
    });
    const storeIds = await storeIdsOf(trx, staff.id);
    return {
      ok: true,
      data: {
        token,
        expiresAt: expiresAt.toISOString(),
        staff: presentMe({ ...staff, storeIds }),
      },
    };
  });
  if (!outcome.ok) throw new AppError(outcome.code);
  return outcome.data;
};

const presentMe = (staff: {
  id: string;
  email: string;
  name: string;
  role: StaffMe['role'];
  language: Language;
  storeIds: string[];
}): StaffMe => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  storeIds: staff.storeIds,
  permissions: permissionsOf(staff.role),
  language: staff.language,
});

/** Who is signed in, with what their role may do (the back office hides the rest). */
export const getMe = async (ctx: Pick<Ctx, 'db'>, principal: StaffPrincipal): Promise<StaffMe> => {
  const staff = await findStaffById(ctx.db, principal.staffId);
  if (!staff) throw new AppError('unauthorized');
  return presentMe({ ...staff, storeIds: principal.storeIds });
};

/** Ends the presented session; other sessions of the account (another browser) go on. */
export const signOutStaff = async (
  ctx: Ctx,
  principal: StaffPrincipal,
  requestId: string | null,
): Promise<void> => {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_session')
      .set({ revoked_at: now, revoked_reason: 'signed_out' })
      .where('id', '=', principal.sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await recordAudit(trx, { staffId: principal.staffId, email: principal.email, requestId }, now, {
      action: 'staff.sign_out',
      entityType: 'staff_session',
      entityId: principal.sessionId,
    });
  });
};
