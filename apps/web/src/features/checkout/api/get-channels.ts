import type { Language, PaymentChannel } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { checkoutKeys } from './query-keys.ts';

/** The payment methods; an empty list when the provider cannot offer any right now. */
export const getChannels = async (lang: Language, signal?: AbortSignal) =>
  (await api.get('/bff/orders/channel-codes', { lang, signal })) as PaymentChannel[];

export const getChannelsQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: checkoutKeys.channels(lang),
    queryFn: ({ signal }) => getChannels(lang, signal),
    // The screen offers its own Try again; an automatic retry would only delay the empty state.
    retry: false,
  });
