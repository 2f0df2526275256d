import type { MemberInfo } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

// Cast, not parsed: the API's serializer already holds every answer to the contract (docs/decisions.md,
// "No Zod on a first screen").
export const getProfile = async () => (await api.get('/auth/users/profile')) as MemberInfo;

export const getProfileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });
