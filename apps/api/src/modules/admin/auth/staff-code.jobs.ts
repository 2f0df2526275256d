import { OTP_TTL_SECONDS, type Language } from '@app/contracts';
import type { Ctx } from '../../../context.ts';
import type { Jobs, Queue } from '../../../jobs/jobs.ts';
import { findStaffByEmail } from '../staff/staff.repository.ts';
import { unseal } from './secret-box.ts';
import { renderStaffCodeMail } from './staff-code-mail.ts';

/** The e-mailed code's purpose: a member's sign-in code can never open the back office, nor the reverse. */
export const STAFF_SIGN_IN = 'staff_sign_in';

/**
 * One queued sign-in code. Every address asked for gets one, staff or not: step 1 then does the same
 * work for all, and whether a mail goes out is decided here, where nobody is waiting for the answer.
 */
export interface StaffCodeJob {
  email: string;
  /** The language the page asked in; the account's own when none. */
  language: Language | null;
  /** The code, sealed with the server secret: pg-boss's table never holds a live code in the clear. */
  sealedCode: string;
  /** The stored code's hash when it was queued: a code replaced or used since is not mailed. */
  codeHash: string;
}

export type StaffCodeQueue = Queue<StaffCodeJob>;

/**
 * Mails a queued code to an active staff account, while that very code can still be used. An SMTP
 * failure throws, so the queue retries every few seconds for the code's whole life; later attempts
 * find it expired and stop.
 */
export const mailStaffCode = async (ctx: Ctx, job: StaffCodeJob): Promise<void> => {
  const row = await ctx.db
    .selectFrom('otp_code')
    .select(['code_hash', 'expires_at'])
    .where('email', '=', job.email)
    .where('purpose', '=', STAFF_SIGN_IN)
    .executeTakeFirst();
  if (!row || row.code_hash !== job.codeHash || row.expires_at.getTime() <= ctx.now().getTime()) return;
  const staff = await findStaffByEmail(ctx.db, job.email);
  if (staff?.status !== 'active') return;
  const code = unseal(ctx.config.jwtSecret, job.sealedCode);
  // Sealed under another JWT_SECRET (changed since it was queued): the code cannot be read back.
  if (code === undefined) return;
  await ctx.mailer.send(
    renderStaffCodeMail(job.email, job.language ?? staff.language, code, OTP_TTL_SECONDS),
  );
};

/**
 * The sign-in code's queue: polled every second (someone is waiting on the sign-in screen), a failed
 * mail retried every 3 s — enough attempts to outlast the code, which stops them once it expires.
 */
export const defineStaffCodeJobs = (jobs: Jobs, ctxOf: () => Ctx): StaffCodeQueue =>
  jobs.define<StaffCodeJob>('admin.staff-code-mail', async (data) => mailStaffCode(ctxOf(), data), {
    workers: 1,
    batchSize: 10,
    pollingIntervalSeconds: 1,
    retryLimit: Math.ceil(OTP_TTL_SECONDS / 3),
    retryDelaySeconds: 3,
    retryBackoff: false,
  });
