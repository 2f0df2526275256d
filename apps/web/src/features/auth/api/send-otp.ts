import type { SendOtpBody, SendOtpData } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/**
 * Asks for a sign-in code by e-mail, written in `language`. Cast, not parsed: the sign-in screen paints
 * without Zod, and the API's serializer holds the answer to the contract (docs/decisions.md).
 */
export const sendOtp = async (body: SendOtpBody) =>
  (await api.post('/auth/otp/send-otp', { body })) as SendOtpData;

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
