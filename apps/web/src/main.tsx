// First: may move an unprefixed first visit to /th before i18n reads the address.
import './app/initial-language.ts';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/600.css';
import '@fontsource/noto-sans-thai/700.css';
import 'antd/dist/reset.css';
import './app/app.css';
import './shared/i18n/i18n.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadFirstScreen, preloadOnIntent } from './app/preload.ts';
import { useAuthStore } from './features/auth/index.ts';

// Downloads at once rather than one after another: the session refresh, the screen's code and, for a
// visitor, its data. On a weak signal each round trip is a second or more.
void useAuthStore.getState().initialize();
preloadFirstScreen(window.location);
preloadOnIntent();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The requests above are on their way; React starts in a task of its own, and as a transition it
// renders in slices, so the browser is never held for the whole start-up at once.
setTimeout(() => {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
