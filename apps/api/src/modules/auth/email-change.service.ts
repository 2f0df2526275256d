import { OTP_TTL_SECONDS, type Language } from '@app/contracts';
import type { Ctx } from '../../context.ts';
import type { MemberRow } from '../../db/schema.ts';
import { AppError } from '../../app-error.ts';
import { renderCodeMail, renderEmailChangedNotice } from '../../mail/otp-mail.ts';
import { getMember, setProvenEmail } from '../member/index.ts';
import { emailChangePurpose, sendCode, verifyCode, type SendCodeHooks } from './otp.service.ts';

/**
 * Step one of an e-mail change: a code goes to the new address; the profile keeps the old one until
 * the code comes back. The answer never says whether the address belongs to someone else — that is
 * learnt only by the owner of the mailbox, in step two.
 */
export const requestEmailChange = async (
  ctx: Ctx,
  memberId: string,
  input: { email: string; language?: Language | undefined },
  hooks: SendCodeHooks = {},
) => {
  const member = await getMember(ctx, memberId);
  if (member.email === input.email) throw new AppError('email_unchanged');
  const language = input.language ?? member.language;
  return sendCode(
    ctx,
    {
      email: input.email,
      purpose: emailChangePurpose(memberId),
      language,
      render: (code) => renderCodeMail('emailChange', input.email, language, code, OTP_TTL_SECONDS),
    },
    hooks,
  );
};

/**
 * Step two: the code proves the member reads the new address, so the address becomes theirs (409
 * email_taken if another member already signs in with it). The old address is told afterwards,
 * outside the transaction: a mail server that is slow or down must not undo a proven change.
 */
export const confirmEmailChange = async (
  ctx: Ctx,
  memberId: string,
  input: { email: string; otp: string },
): Promise<MemberRow> => {
  const before = await getMember(ctx, memberId);
  if (before.email === input.email) throw new AppError('email_unchanged');
  await verifyCode(ctx, input.email, emailChangePurpose(memberId), input.otp);
  const updated = await setProvenEmail(ctx, memberId, input.email);
  try {
    await ctx.mailer.send(renderEmailChangedNotice(before.email, before.language, input.email));
  } catch (err) {
    ctx.log.error({ err, memberId }, 'e-mail change notice to the old address could not be sent');
  }
  return updated;
};
