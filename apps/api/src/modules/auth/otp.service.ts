import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_AFTER_SECONDS, OTP_TTL_SECONDS, type Language } from '@app/contracts';
import type { Ctx } from '../../context.ts';
import type { OtpCodeRow } from '../../db/schema.ts';
import { AppError } from '../../app-error.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { countWrongTry, deleteOtp, findOtp, lockOtp, upsertOtp } from './otp.repository.ts';

/**
 * What a code proves. A code is bound to its purpose (it is part of the HMAC), so a sign-in code
 * cannot confirm an e-mail change, and one member's change code cannot confirm another member's.
 */
export const SIGN_IN = 'sign_in';
export const emailChangePurpose = (memberId: string) => `email_change:${memberId}`;

/** Codes are stored as an HMAC keyed by a server secret: a leaked table does not reveal live codes. */
const hashCode = (secret: string, email: string, purpose: string, code: string) =>
  createHmac('sha256', `otp:${secret}`).update(`${purpose}\0${email}\0${code}`).digest('base64url');

const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Six digits, uniformly drawn (leading zeros allowed). */
export const generateCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A code that can still be used: not expired and not killed by wrong tries. */
const isUsable = (row: OtpCodeRow, now: Date) =>
  row.attempts < OTP_MAX_ATTEMPTS && row.expires_at.getTime() > now.getTime();

export interface SendCodeResult {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

export interface SendCodeInput {
  email: string;
  purpose: string;
  /** Language the page asked in (stored with the code; sign-in adopts it for a new member). */
  language: Language | null;
  /** Writes the mail that carries the code. */
  render: (code: string) => MailMessage;
}

export interface SendCodeHooks {
  /** Runs once the resend gap has passed, before a code is made (the per-address rate limits). */
  beforeSend?: () => Promise<void>;
  generate?: () => string;
}

/**
 * Creates (or replaces) the code of this address and purpose and mails it. A second send within 60 s
 * is refused with 429 and the seconds left — but only while the previous code can still be used: a
 * code killed by wrong tries (perhaps someone else's) or expired never keeps the owner from a fresh one.
 */
export const sendCode = async (
  ctx: Ctx,
  input: SendCodeInput,
  hooks: SendCodeHooks = {},
): Promise<SendCodeResult> => {
  const now = ctx.now();
  const previous = await findOtp(ctx.db, input.email, input.purpose);
  if (previous && isUsable(previous, now)) {
    const waitMs = previous.created_at.getTime() + OTP_RESEND_AFTER_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) throw new AppError('rate_limited', { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }

  await hooks.beforeSend?.();

  const code = (hooks.generate ?? generateCode)();
  const codeHash = hashCode(ctx.config.jwtSecret, input.email, input.purpose, code);
  await upsertOtp(ctx.db, {
    email: input.email,
    purpose: input.purpose,
    code_hash: codeHash,
    language: input.language,
    expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    created_at: now,
  });

  try {
    await ctx.mailer.send(input.render(code));
  } catch (err) {
    // The member never got this code: forget it so they can ask again at once.
    await deleteOtp(ctx.db, input.email, input.purpose, codeHash);
    throw new AppError('mail_unavailable', { cause: err, retryAfterSeconds: 30 });
  }
  return { resendAfterSeconds: OTP_RESEND_AFTER_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
};

type VerifyOutcome =
  | { ok: true; language: Language | null }
  | { ok: false; code: 'otp_invalid' | 'otp_expired' | 'otp_exhausted' };

/**
 * Checks a code once. Wrong tries are counted and committed even though the request fails, so the
 * 5th wrong try kills the code (answered otp_exhausted) and every later try, even the right code,
 * gets otp_exhausted until a new code is sent. A right code is deleted: it works once. Returns the
 * language the code was asked in.
 * All three failures are 400, not 401: the client's "401 → you are signed out" logic must not fire
 * on a mistyped code.
 */
export const verifyCode = async (
  ctx: Ctx,
  email: string,
  purpose: string,
  code: string,
): Promise<Language | null> => {
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<VerifyOutcome> => {
    const row = await lockOtp(trx, email, purpose);
    if (!row) return { ok: false, code: 'otp_invalid' };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, code: 'otp_exhausted' };
    if (row.expires_at.getTime() <= now.getTime()) return { ok: false, code: 'otp_expired' };
    if (!sameHash(row.code_hash, hashCode(ctx.config.jwtSecret, email, purpose, code))) {
      const { attempts } = await countWrongTry(trx, email, purpose);
      return { ok: false, code: attempts >= OTP_MAX_ATTEMPTS ? 'otp_exhausted' : 'otp_invalid' };
    }
    await deleteOtp(trx, email, purpose);
    return { ok: true, language: row.language as Language | null };
  });
  if (!outcome.ok) throw new AppError(outcome.code);
  return outcome.language;
};

/** Forgets a pending code (an e-mail change the member gave up, or one that failed after proof). */
export const dropCode = (ctx: Ctx, email: string, purpose: string) => deleteOtp(ctx.db, email, purpose);
