import type { LoginBody, LoginData } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** Exchanges the e-mail and its code for the member's info and a token pair (cast, as send-otp.ts). */
export const login = async (body: LoginBody) => (await api.post('/auth/login', { body })) as LoginData;

export const useLogin = () => useMutation({ mutationFn: login });
