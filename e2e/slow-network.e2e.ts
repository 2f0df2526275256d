import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { collectErrors, waitForHydration } from './support/first-view.ts';
import { memberPage } from './support/session.ts';

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
    // The tap must be the app's (a route change), not the browser following a link: wait for the app to take the card over.
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

/**
 * The slow link of a basement counter: 400 ms round trips, 400 kbps each way. The page's requests go
 * straight to the network: the service worker's own fetches would not be slowed by the page's emulation.
 */
async function slowLink(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
}

it.each([
  ['en', '/home'],
  ['th', '/th/home'],
  ['en', '/wallet'],
  ['th', '/th/wallet'],
] as const)(
  'a signed-in member’s %s %s shows their own layout (header, bottom bar, outline) within 1.5 s, never the visitor’s Sign In',
  async (lang, path) => {
    const page = await memberPage(browser, lang, `slow-first-${lang}`);
    // A visit before: the browser has the app's signed-in hint, as every member's does after one visit.
    await page.goto(path);
    await page.getByTestId('nav-home').waitFor();
    // The app closed, as a member's phone does between visits: its reads still on the way would hold
    // the browser's six connections to the server, and the measured visit's page would wait for one.
    await page.goto('about:blank');
    const errors = collectErrors(page);
    await slowLink(page);
    // Watched from inside the page, from the first frame on: what a member sees, frame by frame.
    await page.context().addInitScript(() => {
      const seen = { layoutAt: -1, visitor: false, spinner: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const look = () => {
        const nav = document.querySelector('[data-testid="nav-home"]');
        const header = document.querySelector('header');
        const outline = document.querySelector('[data-testid="screen-placeholder"], main h1');
        if (seen.layoutAt < 0 && nav && header && outline) seen.layoutAt = performance.now();
        seen.visitor ||= document.querySelector('[data-testid="home-signin"]') !== null;
        seen.spinner ||= document.querySelector('.boot-spinner, [data-testid="full-screen-loader"]') !== null;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(path, { waitUntil: 'commit' });
    const name = `slow-first-${lang}${path.replace(/^\/th/, '').replace('/', '-')}`;
    await page.waitForTimeout(1_000);
    await screenshot(page, `${name}-1s`);
    // Then the member's own content, as it arrives.
    await page.locator('main h1, main a[href*="/vouchers/"]').first().waitFor({ timeout: 30_000 });
    await screenshot(page, `${name}-content`);
    const seen = await page.evaluate(
      () =>
        (window as unknown as { __seen: { layoutAt: number; visitor: boolean; spinner: boolean } }).__seen,
    );
    expect(seen.visitor).toBe(false);
    expect(seen.spinner).toBe(false);
    expect(seen.layoutAt).toBeGreaterThan(0);
    expect(seen.layoutAt).toBeLessThan(1_500);
    expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
    await page.context().close();
  },
);
