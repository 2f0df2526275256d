import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../shared/i18n/i18n.ts';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
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
