import { MemberInfoSchema, type UpdateProfileBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useAuthStore } from '../../auth/index.ts';
import { getProfileQueryOptions } from './get-profile.ts';

export const updateProfile = async (body: UpdateProfileBody) =>
  MemberInfoSchema.parse(await api.patch('/auth/users/update', { body }));

/**
 * Saves the Edit profile form through the auth store (isSettingProfile, then `returnTo` — where a new
 * member was sent from — or /profile).
 */
export const useUpdateProfile = (returnTo: string | null = null) => {
  const queryClient = useQueryClient();
  const saveThroughStore = useAuthStore((s) => s.updateProfile);
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => saveThroughStore(() => updateProfile(body), returnTo),
    onSuccess: (info) => queryClient.setQueryData(getProfileQueryOptions().queryKey, info),
  });
};
