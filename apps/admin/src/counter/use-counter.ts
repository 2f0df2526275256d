import { useCallback, useEffect, useReducer, useRef } from 'react';
import { attemptStore, type AttemptStore } from './attempts.ts';
import { normaliseCode } from './code.ts';
import { answered, failureEvent, lookupCode, redeemCode } from './counter-api.ts';
import { counterReducer, initialPhase, takesCodes, type Phase } from './machine.ts';

export const sharedAttempts = attemptStore();

/**
 * The counter's state and its calls. A call starts when the step that needs it begins (`looking`,
 * `redeeming`) — also after Try again — and once per step, whatever React re-renders.
 */
export function useCounter(attempts: AttemptStore = sharedAttempts) {
  const [phase, dispatch] = useReducer(counterReducer, initialPhase);
  const started = useRef<Phase | null>(null);

  useEffect(() => {
    if (started.current === phase) return;
    if (phase.name === 'looking') {
      started.current = phase;
      const { code } = phase;
      lookupCode(code).then(
        (item) => dispatch({ type: 'lookedUp', code, item }),
        (error: unknown) => dispatch(failureEvent(error, code)),
      );
    } else if (phase.name === 'redeeming') {
      started.current = phase;
      const { code } = phase.item;
      redeemCode(code, phase.key).then(
        (result) => {
          attempts.settle(code);
          dispatch({ type: 'redeemed', code, result });
        },
        (error: unknown) => {
          const event = failureEvent(error, code);
          if (answered(event)) attempts.settle(code);
          dispatch(event);
        },
      );
    }
  }, [phase, attempts]);

  /** A scanned or typed code; false when it is not code-like (nothing is sent). */
  const submitCode = useCallback(
    (raw: string): boolean => {
      const code = normaliseCode(raw);
      if (!code) return false;
      if (takesCodes(phase)) dispatch({ type: 'code', code });
      return true;
    },
    [phase],
  );

  const confirm = useCallback(() => {
    if (phase.name !== 'found') return;
    dispatch({ type: 'confirm', key: attempts.keyFor(phase.item.code) });
  }, [phase, attempts]);

  const retry = useCallback(() => dispatch({ type: 'retry' }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { phase, submitCode, confirm, retry, reset };
}
