import { MemberInfoSchema } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export const getProfile = async () => MemberInfoSchema.parse(await api.get('/auth/users/profile'));

export const getProfileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });
