import type { Language, Quote, QuoteBody } from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { checkoutKeys } from './query-keys.ts';

// Cast, not parsed: the API's serializer holds every answer to the contract (docs/decisions.md).
export const getQuote = async (body: QuoteBody, lang: Language, signal?: AbortSignal) =>
  (await api.post('/bff/orders/quote', { body, lang, signal })) as Quote;

/**
 * The server's summary for exactly these items and this coupon. The previous summary stays on screen
 * while a new coupon is priced, so the page does not jump back to its skeleton.
 */
export const getQuoteQueryOptions = (body: QuoteBody, lang: Language) =>
  queryOptions({
    queryKey: checkoutKeys.quote(lang, body),
    queryFn: ({ signal }) => getQuote(body, lang, signal),
    placeholderData: keepPreviousData,
    // Prices and stock move; a quote is asked again whenever the screen comes back.
    staleTime: 0,
  });
