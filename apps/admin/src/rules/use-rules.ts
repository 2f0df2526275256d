import type { RulesData, UpdateRulesBody } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';

export const getRulesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'rules'], queryFn: () => api.get<RulesData>('/rules') });

export const useRules = () => useQuery(getRulesQueryOptions());

/** PUT /rules: the answer is the new rules in force and the history, cached as they come. */
export function useUpdateRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRulesBody) => api.put<RulesData>('/rules', body),
    onSuccess: (data) => queryClient.setQueryData(getRulesQueryOptions().queryKey, data),
  });
}
