import { OTP_TTL_SECONDS, type Language } from '@app/contracts';
import type { Ctx } from '../../context.ts';
import type { MemberRow } from '../../db/schema.ts';
import { renderOtpMail } from '../../mail/otp-mail.ts';
import { findMemberByEmail, findOrCreateMember } from '../member/index.ts';
import { SIGN_IN, sendCode, verifyCode, type SendCodeHooks } from './otp.service.ts';

/**
 * Mails a sign-in code. The answer is the same whether or not a member has this address; the mail is
 * written in the page's language, else the member's, else English.
 */
export const sendSignInCode = async (
  ctx: Ctx,
  input: { email: string; language?: Language | undefined },
  hooks: SendCodeHooks = {},
) => {
  const member = await findMemberByEmail(ctx, input.email);
  const language: Language = input.language ?? member?.language ?? 'en';
  return sendCode(
    ctx,
    {
      email: input.email,
      purpose: SIGN_IN,
      language: input.language ?? null,
      render: (code) => renderOtpMail(input.email, language, code, OTP_TTL_SECONDS),
    },
    hooks,
  );
};

/**
 * The code proves the address, so it reaches the one member whose (always verified) e-mail this is;
 * the first sign-in creates that member, in the language the code was asked in.
 */
export const signIn = async (ctx: Ctx, email: string, otp: string): Promise<MemberRow> => {
  const askedIn = await verifyCode(ctx, email, SIGN_IN, otp);
  return findOrCreateMember(ctx, email, askedIn ?? 'en');
};
