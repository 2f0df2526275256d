import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser.ts';

// Every journey runs under the app's Content-Security-Policy: a page that needs anything the policy
// forbids (an inline script, eval, a foreign host) fails the test it happened in.
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
