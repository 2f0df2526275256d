/**
 * The new version of the app waiting to take over (its service worker is installed and waiting), if
 * any. Set by pwa/start.ts; read by the "Update available" prompt. Kept apart from the registration so
 * the app's first download carries only this.
 */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

export const waitingUpdate = {
  get: () => waiting,
  set(worker: ServiceWorker | null) {
    if (worker === waiting) return;
    waiting = worker;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
