import type { Dashboard } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

export const getDashboardQueryOptions = (query: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', query],
    queryFn: ({ signal }) => api.get<Dashboard>('/dashboard', query, signal),
    staleTime: 60_000,
  });

export const useDashboard = (query: { from: string; to: string }) =>
  useQuery({ ...getDashboardQueryOptions(query), placeholderData: keepPreviousData });
