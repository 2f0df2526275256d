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

/**
 * Waits until the app has taken over `element` (hydrated it): a node of Preact's tree, read from the
 * root's (`__k`: a node's children, `__e`: its DOM element; Preact's own short names), is drawn on it.
 * Until then the element is the server's markup alone.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await element.first().evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        type VNode = { __k?: (VNode | null)[] | null; __e?: unknown };
        const drawsIt = (vnode: VNode | null | undefined): boolean =>
          !!vnode && (vnode.__e === node || (vnode.__k ?? []).some(drawsIt));
        const root = document.getElementById('root') as (HTMLElement & { __k?: VNode }) | null;
        const check = () => (drawsIt(root?.__k) ? resolve() : setTimeout(check, 50));
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
