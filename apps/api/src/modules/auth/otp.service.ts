import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_AFTER_SECONDS, OTP_TTL_SECONDS, type Language } from '@app/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { renderOtpMail } from '../../mail/otp-mail.ts';
import { findMemberByEmail } from '../member/member.repository.ts';
import { countWrongTry, deleteOtp, findOtp, lockOtp, upsertOtp } from './otp.repository.ts';

export const SIGN_IN = 'sign_in';

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

export interface SendCodeResult {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

/**
 * Creates (or replaces) the sign-in code and mails it. The answer is the same whether or not a member
 * has this address. A second send within 60 s is refused with 429 and the seconds left.
 */
export const sendSignInCode = async (
  ctx: Ctx,
  input: { email: string; language?: Language | undefined },
  hooks: {
    /** Runs once the resend gap has passed, before a code is made (the per-address rate limit). */
    beforeSend?: () => Promise<void>;
    generate?: () => string;
  } = {},
): Promise<SendCodeResult> => {
  const now = ctx.now();
  const previous = await findOtp(ctx.db, input.email, SIGN_IN);
  if (previous) {
    const waitMs = previous.created_at.getTime() + OTP_RESEND_AFTER_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) throw new AppError(429, 'rate_limited', { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }

  await hooks.beforeSend?.();

  const member = await findMemberByEmail(ctx.db, input.email);
  const language: Language = input.language ?? member?.language ?? 'en';
  const code = (hooks.generate ?? generateCode)();
  const codeHash = hashCode(ctx.config.jwtSecret, input.email, SIGN_IN, code);
  await upsertOtp(ctx.db, {
    email: input.email,
    purpose: SIGN_IN,
    code_hash: codeHash,
    language: input.language ?? null,
    expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    created_at: now,
  });

  try {
    await ctx.mailer.send(renderOtpMail(input.email, language, code, OTP_TTL_SECONDS));
  } catch (err) {
    // The member never got this code: forget it so they can ask again at once.
    await deleteOtp(ctx.db, input.email, SIGN_IN, codeHash);
    throw new AppError(503, 'mail_unavailable', { cause: err, retryAfterSeconds: 30 });
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
export const verifySignInCode = async (ctx: Ctx, email: string, code: string): Promise<Language | null> => {
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<VerifyOutcome> => {
    const row = await lockOtp(trx, email, SIGN_IN);
    if (!row) return { ok: false, code: 'otp_invalid' };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, code: 'otp_exhausted' };
    if (row.expires_at.getTime() <= now.getTime()) return { ok: false, code: 'otp_expired' };
    if (!sameHash(row.code_hash, hashCode(ctx.config.jwtSecret, email, SIGN_IN, code))) {
      const { attempts } = await countWrongTry(trx, email, SIGN_IN);
      return { ok: false, code: attempts >= OTP_MAX_ATTEMPTS ? 'otp_exhausted' : 'otp_invalid' };
    }
    await deleteOtp(trx, email, SIGN_IN);
    return { ok: true, language: row.language };
  });
  if (!outcome.ok) throw new AppError(400, outcome.code);
  return outcome.language;
};
