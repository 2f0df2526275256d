// First: may move an unprefixed first visit to /th before i18n reads the address.
import './app/initial-language.ts';
import 'virtual:font-stack.css';
import 'antd/dist/reset.css';
import './app/app.css';
import './shared/i18n/i18n.ts';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadFirstScreen, preloadOnIntent } from './app/preload.ts';
import { useAuthStore } from './features/auth/index.ts';
import { queryClient } from './shared/api/query-client.ts';
import { textsArrived } from './shared/i18n/i18n.ts';
import { startFirstScreen } from './shared/ui/later.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The server's markup of a visitor's first screen, unless index.html's gate put the boot screen in its
// place (a stored session, another language): then there is nothing to take over.
const firstView = document.getElementById('first-view');
const serverRendered = firstView !== null && root.querySelector(':scope > .boot') === null;
if (serverRendered) hydrate(queryClient, JSON.parse(firstView.textContent ?? '{}') as DehydratedState);

// Downloads at once rather than one after another: the session refresh, the screen's code and, for a
// visitor, its data (none when the server sent it with the page). On a weak signal each round trip is a
// second or more.
void useAuthStore.getState().initialize();
preloadFirstScreen(window.location);
preloadOnIntent();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

const start = () => {
  startFirstScreen(serverRendered);
  if (serverRendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
};
// The requests above are on their way; the app starts in a task of its own, after them, once the
// shell's texts in the page's language are here (downloading beside the app's code: the page links
// them). A failed download is asked for once more, then the app starts anyway. Preact renders in one
// piece (startTransition would not slice it): the first screen is sliced by its `Later` pieces instead.
textsArrived()
  .catch(() => textsArrived())
  .catch((error: unknown) => console.warn('texts could not be downloaded', error))
  .finally(() => setTimeout(start));
