import { cleanup, configure } from '@testing-library/preact';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { textsArrived } from '../shared/i18n/i18n.ts';
// Tests render a screen's parts on their own, without the screen that loads its texts: load them all.
import '../shared/cart/texts.ts';
import '../features/checkout/texts.ts';
import '../features/wallet/texts.ts';
import '../features/profile/texts.ts';
import '../features/auth/texts.ts';
import '../features/catalogue/texts.ts';

// findBy…/waitFor wait up to 5 s rather than 1 s: a lazily loaded dialog (antd's code among it) took
// longer than that on CI's loaded 2-core machine. A fault still fails, later.
configure({ asyncUtilTimeout: 5_000 });

// Texts come in a chunk per language: every part's, in both languages, before each test renders.
beforeEach(() => textsArrived());

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// antd's toasts render in a holder of their own, outside the tested tree, and close on a timer: close
// them while the window still exists, or their unmount runs after the test environment is gone.
afterAll(async () => {
  if (!document.querySelector('.ant-message')) return; // no toast shown: leave antd unloaded
  const { message } = await import('antd');
  message.destroy();
  // Its leave animation runs on timers: wait until the notices are gone and the tree has settled.
  for (let i = 0; i < 40 && document.querySelector('.ant-message-notice'); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 100));
});

// antd's responsive helpers ask for matchMedia; happy-dom's answers are enough, but keep one if absent.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
