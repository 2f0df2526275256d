import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/i18n.ts';
import { setUnauthorizedHandler } from './api/client.ts';
import { session } from './api/session.ts';
import { App } from './app/app.tsx';
// Thai glyphs from the app's own files (the member app's font): a desk without a Thai system font, or
// a headless browser, shows real Thai rather than boxes. Latin text keeps the system font.
import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-600.css';
import './app/app.css';

// A 401 on a signed-in call: the session ended (idle, revoked, account disabled). Back to sign-in,
// which says so in the chosen language; a full load also drops every cached answer of that session.
setUnauthorizedHandler(() => {
  session.clear(true);
  window.location.assign('/admin/');
});

// The Thai faces are loaded before the first render (at most 1.5 s): text drawn while they were still
// on their way was seen to keep its boxes after they arrived (headless Chromium without a Thai font).
const thaiFaces = Promise.all(
  ['400', '600'].map((weight) => document.fonts.load(`${weight} 16px "Noto Sans Thai"`, 'ไทย')),
);
void Promise.race([thaiFaces, new Promise((r) => setTimeout(r, 1500))])
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
