import type { Locator, Page } from 'playwright-core';

/**
 * Holds back every script of the app until `release` is called: what shows meanwhile is what the HTML
 * and CSS alone paint (the server's markup, or index.html's boot screen).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Waits until React has taken over `element` (hydrated it): its DOM node carries React's fiber. */
export async function waitForHydration(element: Locator): Promise<void> {
  await element.first().evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(node).some((key) => key.startsWith('__reactFiber$'))
            ? resolve()
            : setTimeout(check, 50);
        check();
      }),
  );
}

/** Console errors and uncaught exceptions of the page from now on (a hydration mismatch is one). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A failed load's line names its address only in its location.
    if (message.type() === 'error')
      errors.push(`${message.text()}${message.location().url ? ` (${message.location().url})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
