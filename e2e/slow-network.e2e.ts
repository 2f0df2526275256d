import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { waitForHydration } from './support/first-view.ts';

// A weak mobile signal: every request waits, so what shows while code downloads is what a member sees.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Chromium's own throttling for this page: each request `latency` ms late, 200 KB/s. */
async function throttle(page: Page, latency: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: 200 * 1024,
    uploadThroughput: 100 * 1024,
  });
}

it.each(['en', 'th'] as const)(
  'before the code arrives the server’s home is painted; a route change keeps header and navigation and shows the screen’s outline (%s)',
  async (lang) => {
    const page = await newPage(browser);
    const prefix = lang === 'th' ? '/th' : '';
    await throttle(page, 600);
    await page.goto(`${prefix}/home`, { waitUntil: 'commit' });
    // The server's markup of home (header, banners, cards) paints long before the code is here.
    const card = page.locator('a[href*="/vouchers/"]').first();
    await card.waitFor({ timeout: 10_000 });
    expect(await page.locator('header').isVisible()).toBe(true);
    // The tap must be the app's (a route change), not the browser following a link: wait for React.
    await waitForHydration(card);
    // A voucher detail: its screen's code is fetched on intent only (pointer over or down), so the
    // tap waits for a download. Watch the page until the screen is there: the outline must show, the
    // full-screen cover never, and the header and tabs all along.
    await card.click();
    const seen = { placeholder: false, cover: false, headerGone: false, navGone: false };
    for (let i = 0; i < 600; i++) {
      const [placeholder, cover, header, nav, screen] = await Promise.all([
        page.getByTestId('screen-placeholder').count(),
        page.getByTestId('full-screen-loader').count(),
        page.locator('header').isVisible(),
        page.getByTestId('nav-home').isVisible(),
        page.getByTestId('action-bar').count(),
      ]);
      seen.placeholder ||= placeholder > 0;
      seen.cover ||= cover > 0;
      seen.headerGone ||= !header;
      seen.navGone ||= !nav;
      if (screen > 0) break;
      await page.waitForTimeout(50);
    }
    expect(seen).toEqual({ placeholder: true, cover: false, headerGone: false, navGone: false });
    expect(await page.getByTestId('action-bar').count()).toBe(1);
    await page.close();
  },
);
