import type { Campaign, CampaignSegment, CreateCampaignBody } from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';

type CampaignList = { items: Campaign[]; total: number };
export const CAMPAIGN_PAGE = 20;

export const getCampaignsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'campaigns', page],
    queryFn: () =>
      api.get<CampaignList>('/campaigns', { limit: CAMPAIGN_PAGE, offset: (page - 1) * CAMPAIGN_PAGE }),
  });

/** The list; while a campaign is sending or waiting for its time, its counts are read again every 3 s. */
export function useCampaigns(page: number) {
  return useQuery({
    ...getCampaignsQueryOptions(page),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((c) => c.status === 'sending' || c.status === 'scheduled') ? 3000 : false,
  });
}

/** How many members a segment reaches now (blocked members left out), as it is picked. */
export function useSegmentCount(segment: CampaignSegment | null) {
  return useQuery({
    queryKey: ['admin', 'campaigns', 'preview', segment],
    queryFn: () => api.post<{ recipients: number }>('/campaigns/preview', { segment }),
    enabled: segment !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

/** Write the draft, then send it now or at `at`. A failed send leaves the draft in the list. */
export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, at }: { body: CreateCampaignBody; at: string | null }) => {
      const draft = await api.post<Campaign>('/campaigns', body);
      return api.post<Campaign>(`/campaigns/${draft.id}/send`, at ? { at } : {});
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'campaigns'] }),
  });
}

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'send' }) =>
      api.post<Campaign>(`/campaigns/${id}/${action}`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'campaigns'] }),
  });
}
