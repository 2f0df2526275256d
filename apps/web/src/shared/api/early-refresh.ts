declare global {
  interface Window {
    /** The session refresh index.html's head sent with the page, before any of the app's code arrived. */
    __earlyRefresh?: Promise<Response>;
  }
}

/**
 * The answer to the refresh index.html's head sent at load, once: the first refresh of the app takes it
 * rather than asking again (the refresh token rotates, so asking twice would spend it twice).
 */
export function takeEarlyRefresh(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__earlyRefresh;
  delete window.__earlyRefresh;
  return early;
}
