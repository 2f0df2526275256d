/**
 * This browser's Web Push subscription: made with the server's VAPID key through the service worker
 * (apps/web/src/pwa registers it at load), and dropped when notifications go off or the member signs
 * out — a push service answers 410 for a dropped subscription, and the server then forgets it.
 */

/** How long to wait for the service worker before giving up on push for this visit. */
const WORKER_WAIT_MS = 10_000;

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The browser's answer so far: 'granted', 'denied', 'default', or 'unsupported'. */
export const pushPermission = (): NotificationPermission | 'unsupported' =>
  pushSupported() ? Notification.permission : 'unsupported';

const registration = async (): Promise<ServiceWorkerRegistration | null> => {
  if (!pushSupported()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
};

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
};

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
};

/**
 * This browser's subscription for `publicKey`, made if missing. One made with another key (the
 * server's keys changed) is replaced: its pushes could never be verified. Null without a worker.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription | null> {
  const reg = await registration();
  if (!reg) return null;
  const key = keyBytes(publicKey);
  const current = await reg.pushManager.getSubscription();
  if (current && sameKey(current.options.applicationServerKey, key)) return current;
  await current?.unsubscribe();
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Drops this browser's subscription, if it has one. */
export async function unsubscribeDevice(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const current = await reg?.pushManager.getSubscription();
  await current?.unsubscribe();
}
