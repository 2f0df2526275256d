import { useAuthStore } from '../features/auth/index.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { currentLanguage, i18next } from '../shared/i18n/i18n.ts';
import { whenSettled } from '../shared/when-settled.ts';
import { waitingUpdate } from './update-state.ts';

/** How often an open app asks whether a new version was deployed (also on every return to the tab). */
const UPDATE_CHECK_MS = 30 * 60_000;
/** A full refresh of the wallet's offline copy at most this often (a reconnection always refreshes). */
const WALLET_REFRESH_MS = 5 * 60_000;

/**
 * The installable app, started after the first screen (pwa/update-prompt.tsx): the service worker and
 * its updates, the manifest in the page's language, and the signed-in member's wallet kept on the device.
 */
export function startPwa(): void {
  followLanguageInManifest();
  void registerServiceWorker();
  keepWalletOnDevice();
}

async function registerServiceWorker() {
  const { serviceWorker } = navigator;
  // A page opened before any worker controlled it (the first visit) does not reload when the first one
  // takes control: only a change from one worker to another is a new version.
  let reloading = false;
  const hadController = serviceWorker.controller !== null;
  serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });

  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await serviceWorker.register('/sw.js', { scope: '/' });
  } catch {
    // a private window, or a browser that refuses: the app works as a plain web page
  }
  // Some embedding browsers and test harnesses answer the registration with nothing at all.
  if (!registration) return;
  const offer = () => {
    // Installed and waiting while an older worker runs this page: a new version is ready.
    if (registration.waiting && serviceWorker.controller) waitingUpdate.set(registration.waiting);
  };
  offer();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
  const check = () => void registration.update().catch(() => undefined);
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Installing from a Thai page installs the Thai app (its name, its start at /th/home). */
function followLanguageInManifest() {
  const point = () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const href = `/manifest-${currentLanguage()}.webmanifest`;
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  };
  point();
  i18next.on('languageChanged', point);
}

/**
 * While a member is signed in and online, their wallet's copy on the device is refreshed: at start, on
 * every reconnection, on a language change, and at most every few minutes otherwise — each time once the
 * screen's own reads are in and the browser is idle. The screens' own reads keep their copies too
 * (features/wallet/api/device-copy.ts).
 */
export function keepWalletOnDevice() {
  let last = 0;
  let running = false;
  const refresh = (force: boolean) => {
    const { isLoggedIn, info } = useAuthStore.getState();
    if (!isLoggedIn || !info || !navigator.onLine || running) return;
    if (!force && Date.now() - last < WALLET_REFRESH_MS) return;
    running = true;
    last = Date.now();
    void whenSettled(queryClient)
      .then(() => import('../features/wallet/offline/refresh-offline-wallet.ts'))
      .then(({ refreshOfflineWallet }) => {
        // Whoever is signed in once it is time (the member may have signed out, or in as another).
        const viewer = useAuthStore.getState().info?.id;
        if (viewer) return refreshOfflineWallet({ lang: currentLanguage(), viewer });
      })
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  };
  refresh(true);
  useAuthStore.subscribe((state, before) => {
    if (state.info?.id !== before.info?.id) refresh(true);
    else refresh(false);
  });
  window.addEventListener('online', () => refresh(true));
  i18next.on('languageChanged', () => refresh(true));
}
