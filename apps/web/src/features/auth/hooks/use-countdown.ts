import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds left of a countdown that `start(seconds)` (re)starts; ticks once a second down to 0. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  const stop = useCallback(() => {
    window.clearInterval(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    (seconds: number) => {
      stop();
      // Measured against a deadline, so a throttled background tab still ends on time.
      const deadline = Date.now() + seconds * 1000;
      const tick = () => {
        const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
        setSecondsLeft(left);
        if (left === 0) stop();
      };
      tick();
      if (seconds > 0) timer.current = window.setInterval(tick, 1000);
    },
    [stop],
  );

  return { secondsLeft, start };
}

/** 75 → "1:15". */
export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
