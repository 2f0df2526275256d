import type { CounterItem, CounterRedemption } from './types.ts';

/*
 * The counter's steps for one customer, as a pure reducer:
 *   ready → looking → found → redeeming → redeemed → (next customer) ready
 * with `refused` (the API said no: unknown, wrong store, used up, expired, refunded, or anything else it
 * refused) and `failed` (no answer: the network, or a server error) on the way. Answers are matched to
 * the code they were asked for, so an answer that arrives after staff moved on changes nothing. Confirm is
 * taken once: a second tap while the use is being recorded is ignored, and Try again after a failed
 * confirmation sends the same Idempotency-Key as the attempt it repeats.
 */

export type Refused = {
  name: 'refused';
  code: string;
  /** The API's error code (`counter_used_up`, …; `http_500` style when it had none). */
  reason: string;
  /** The API's message, in the staff member's language. */
  message: string | null;
  /** What the lookup showed, when the refusal came at Confirm. */
  item?: CounterItem;
};

export type Phase =
  | { name: 'ready' }
  | { name: 'looking'; code: string }
  | { name: 'found'; item: CounterItem }
  | { name: 'redeeming'; item: CounterItem; key: string }
  | { name: 'redeemed'; item: CounterItem; result: CounterRedemption }
  | Refused
  | { name: 'failed'; step: 'lookup'; code: string }
  | { name: 'failed'; step: 'redeem'; item: CounterItem; key: string };

export type CounterEvent =
  /** A code scanned or typed (already normalised). */
  | { type: 'code'; code: string }
  | { type: 'lookedUp'; code: string; item: CounterItem }
  | { type: 'confirm'; key: string }
  | { type: 'redeemed'; code: string; result: CounterRedemption }
  | { type: 'refused'; code: string; reason: string; message: string | null }
  | { type: 'failed'; code: string }
  /** Try again after a failure: the same lookup, or the same confirmation with the same key. */
  | { type: 'retry' }
  /** Cancel, Scan again, Next customer. */
  | { type: 'reset' };

export const initialPhase: Phase = { name: 'ready' };

/** The code the current step is about, if any. */
export function codeOf(phase: Phase): string | undefined {
  switch (phase.name) {
    case 'ready':
      return undefined;
    case 'looking':
    case 'refused':
      return phase.code;
    case 'failed':
      return phase.step === 'lookup' ? phase.code : phase.item.code;
    default:
      return phase.item.code;
  }
}

/** Whether a scanned or typed code is taken now (staff are not in the middle of a customer). */
export const takesCodes = (phase: Phase) => phase.name === 'ready';

export function counterReducer(phase: Phase, event: CounterEvent): Phase {
  switch (event.type) {
    case 'code':
      return takesCodes(phase) ? { name: 'looking', code: event.code } : phase;
    case 'lookedUp':
      if (phase.name !== 'looking' || phase.code !== event.code) return phase;
      // Nothing left to use is a refusal whichever way the API put it: Confirm is never offered.
      if (event.item.usesLeft !== null && event.item.usesLeft <= 0)
        return { name: 'refused', code: event.code, reason: 'counter_used_up', message: null };
      return { name: 'found', item: event.item };
    case 'confirm':
      return phase.name === 'found' ? { name: 'redeeming', item: phase.item, key: event.key } : phase;
    case 'redeemed':
      return phase.name === 'redeeming' && phase.item.code === event.code
        ? { name: 'redeemed', item: phase.item, result: event.result }
        : phase;
    case 'refused':
      if (phase.name === 'looking' && phase.code === event.code)
        return { name: 'refused', code: event.code, reason: event.reason, message: event.message };
      if (phase.name === 'redeeming' && phase.item.code === event.code)
        return {
          name: 'refused',
          code: event.code,
          reason: event.reason,
          message: event.message,
          item: phase.item,
        };
      return phase;
    case 'failed':
      if (phase.name === 'looking' && phase.code === event.code)
        return { name: 'failed', step: 'lookup', code: event.code };
      if (phase.name === 'redeeming' && phase.item.code === event.code)
        return { name: 'failed', step: 'redeem', item: phase.item, key: phase.key };
      return phase;
    case 'retry':
      if (phase.name !== 'failed') return phase;
      return phase.step === 'lookup'
        ? { name: 'looking', code: phase.code }
        : { name: 'redeeming', item: phase.item, key: phase.key };
    case 'reset':
      // Never while a use is being recorded: its answer must land on this screen.
      return phase.name === 'redeeming' ? phase : initialPhase;
  }
}
