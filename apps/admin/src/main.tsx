import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/i18n.ts';
import { setUnauthorizedHandler } from './api/client.ts';
import { session } from './api/session.ts';
import { App } from './app/app.tsx';
import './app/app.css';

// A 401 on a signed-in call: the session ended (idle, revoked, account disabled). Back to sign-in,
// which says so in the chosen language; a full load also drops every cached answer of that session.
setUnauthorizedHandler(() => {
  session.clear(true);
  window.location.assign('/admin/');
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
