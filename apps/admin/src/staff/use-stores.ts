import type { MerchantRef } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/**
 * The stores a store_staff account can be given: the member catalogue's store list (published stores;
 * the back office's own store management will list drafts too when it lands).
 */
export function useStores() {
  return useQuery({
    queryKey: ['stores'],
    queryFn: async () => (await api.get<{ items: MerchantRef[] }>('/bff/merchants', { limit: 100 })).items,
    staleTime: 5 * 60_000,
  });
}
