import { PhoneCodeSchema } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export const getPhoneCodes = async () =>
  PhoneCodeSchema.array().parse(await api.get('/auth/users/phoneCodes'));

export const getPhoneCodesQueryOptions = () =>
  queryOptions({ queryKey: ['phone-codes'], queryFn: getPhoneCodes, staleTime: Infinity, gcTime: Infinity });

export const usePhoneCodes = () => useQuery(getPhoneCodesQueryOptions());
