import type { CreatePosKeyBody, CreatedPosKey, MerchantRef, PosKey } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';

const KEYS = ['admin', 'pos-keys'] as const;

/** Every store's point-of-sale keys, or one store's; newest first, revoked ones included. */
export const usePosKeys = (storeId: string | undefined) =>
  useQuery({
    queryKey: [...KEYS, storeId ?? 'all'],
    queryFn: () => api.get<PosKey[]>('/pos-keys', { storeId }),
  });

/** The stores a key can be made for: the member catalogue's store list. */
export const usePosStores = () =>
  useQuery({
    queryKey: ['stores'],
    queryFn: async () => (await api.get<{ items: MerchantRef[] }>('/bff/merchants', { limit: 100 })).items,
    staleTime: 5 * 60_000,
  });

/** POST /pos-keys: the answer holds the key's secret, shown once and never cached. */
export function useCreatePosKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePosKeyBody) => api.post<CreatedPosKey>('/pos-keys', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokePosKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<PosKey>(`/pos-keys/${encodeURIComponent(id)}/revoke`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}
