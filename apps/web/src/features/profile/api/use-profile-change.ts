import type { MemberInfo } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../../auth/index.ts';
import { getProfileQueryOptions } from './get-profile.ts';

/**
 * A change the server answers with the member's whole profile (a new avatar, a confirmed e-mail): the
 * session's copy and the cached profile both take the answer, so every screen shows it at once.
 */
export function useProfileChange<V>(mutationFn: (variables: V) => Promise<MemberInfo>) {
  const queryClient = useQueryClient();
  const setInfo = useAuthStore((s) => s.setInfo);
  return useMutation({
    mutationFn,
    onSuccess: (info) => {
      setInfo(info);
      queryClient.setQueryData(getProfileQueryOptions().queryKey, info);
    },
  });
}
