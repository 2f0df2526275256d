import { isApiError, request } from '../api/client.ts';
import type { CounterEvent } from './machine.ts';
import type { CounterItem, CounterRedemption } from './types.ts';

/** POST /admin/api/counter/lookup: what the code is, for this staff member's store. */
export const lookupCode = (code: string) =>
  request<CounterItem>('POST', '/counter/lookup', { body: { code } });

/** POST /admin/api/counter/redeem: one use, once per Idempotency-Key. */
export const redeemCode = (code: string, key: string) =>
  request<CounterRedemption>('POST', '/counter/redeem', {
    body: { code },
    headers: { 'Idempotency-Key': key },
  });

/**
 * What a failed call means for the counter: the API answered no (any 4xx: a refusal, with its code and
 * message in the staff member's language), or there was no answer to go by (the network, a 5xx) and the
 * step may be tried again.
 */
export function failureEvent(error: unknown, code: string): CounterEvent {
  if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500)
    return { type: 'refused', code, reason: error.code, message: error.messages[0] ?? null };
  return { type: 'failed', code };
}

/** Whether the API gave an answer (so a confirmation's Idempotency-Key is done with). */
export const answered = (event: CounterEvent) => event.type !== 'failed';
