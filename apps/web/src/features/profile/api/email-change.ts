import {
  MemberInfoSchema,
  SendOtpDataSchema,
  type SendEmailChangeCodeBody,
  type VerifyEmailChangeBody,
} from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useProfileChange } from './use-profile-change.ts';

/** Mails a code to the new address; the profile keeps the old one until the code comes back. */
export const sendEmailChangeCode = async (body: SendEmailChangeCodeBody) =>
  SendOtpDataSchema.parse(await api.post('/auth/users/email/send-otp', { body }));

/** The code proves the new address: answers the profile with the new e-mail. */
export const confirmEmailChange = async (body: VerifyEmailChangeBody) =>
  MemberInfoSchema.parse(await api.post('/auth/users/email/verify', { body }));

export const useSendEmailChangeCode = () => useMutation({ mutationFn: sendEmailChangeCode });

export const useConfirmEmailChange = () => useProfileChange(confirmEmailChange);
