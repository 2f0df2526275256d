/** Whole seconds from `now` until `until` (an ISO time), never below 0. */
export const secondsLeft = (until: string, now: number) =>
  Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));

/** "14:05" — minutes and seconds, as the payment timer and the code screen show them. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
