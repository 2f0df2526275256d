// The member app's service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js).
//
// What it does and, as much, what it does not:
// - The app's code, styles, fonts, icons and index.html are precached (their list is injected at build
//   time); a new build is a new worker, which waits until the member taps "Update available"
//   (pwa/update-prompt.tsx) rather than swapping the app under an open screen.
// - Pages go to the network first, always: the server renders first screens with the catalogue as it is
//   now. Only when the network fails does the precached index.html answer, and the app draws the screen
//   itself (the offline wallet comes from the device's store, pwa/offline-store.ts).
// - API answers are never cached here: the wallet's offline copy is kept by the app, per member, and
//   removed at log out. Pictures under /media are kept once seen, for the offline wallet's cards.
// - Push: a JSON payload { title, body, url, tag? } becomes a notification; tapping it focuses an open
//   window of the app (moved to `url`) or opens one.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PushPayload } from './push-payload.ts';
import { parsePushPayload } from './push-payload.ts';
import type { ServiceWorkerScope } from './sw-types.ts';

declare const self: ServiceWorkerScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The page the worker answers a navigation with when the network fails: the app draws the screen. */
const APP_SHELL = '/index.html';
const PICTURES = 'pictures-v1';
/** Pictures kept for offline use: the newest this many (a wallet's cards and item screens). */
const MAX_PICTURES = 120;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

self.addEventListener('message', (event) => {
  // The member tapped Reload on "Update available": this waiting worker takes over, and the page reloads
  // when it sees the new controller.
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Pages start downloading while the worker starts, so network-first costs no extra wait.
      await self.registration.navigationPreload?.enable();
      // A first install controls the open app at once: its next offline reload is answered here.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event.preloadResponse, request));
  } else if (request.destination === 'image' && url.pathname.startsWith('/media/')) {
    event.respondWith(picture(request));
  }
  // Everything else (the API above all) is left to the browser: precacheAndRoute answered the app's
  // own files before this listener ran.
});

async function page(preload: Promise<Response | undefined> | undefined, request: Request): Promise<Response> {
  try {
    const early = await preload;
    if (early) return early;
    return await fetch(request);
  } catch (error) {
    const shell = await matchPrecache(APP_SHELL);
    if (shell) return shell;
    throw error;
  }
}

/**
 * Network first, as the browser would, so a changed picture shows at once; a copy is kept for when the
 * network fails. Copies beyond MAX_PICTURES go, oldest first.
 */
async function picture(request: Request): Promise<Response> {
  const cache = await caches.open(PICTURES);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PICTURES)).map((k) => cache.delete(k)));
    }
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('push', (event) => {
  const payload: PushPayload | null = parsePushPayload(event.data?.text() ?? '');
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: payload.url },
      ...(payload.tag !== undefined && { tag: payload.tag }),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(typeof data?.url === 'string' ? data.url : '/', self.location.origin);
  // Only this app's own addresses: a payload cannot send the member elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() works only on a window this worker controls; otherwise a new window opens there.
        if (focused.url === url) return;
        const moved = await focused.navigate(url).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
