import { LoginDataSchema, type LoginBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** Exchanges the e-mail and its code for the member's info and a token pair. */
export const login = async (body: LoginBody) =>
  LoginDataSchema.parse(await api.post('/auth/login', { body }));

export const useLogin = () => useMutation({ mutationFn: login });
