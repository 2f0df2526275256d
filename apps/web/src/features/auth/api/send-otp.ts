import { SendOtpDataSchema, type SendOtpBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** Asks for a sign-in code by e-mail, written in `language`. */
export const sendOtp = async (body: SendOtpBody) =>
  SendOtpDataSchema.parse(await api.post('/auth/otp/send-otp', { body }));

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
