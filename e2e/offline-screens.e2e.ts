import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { waitForHydration } from './support/first-view.ts';
import { memberPage } from './support/session.ts';

// A member with no signal: every screen that needs the network says so in the page's language, inside
// the app (header and bottom bar), and fills in by itself when the network is back. A read that never
// answers gives way to a retry after the client's time limit (REQUEST_TIMEOUT_MS, 12 s).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TEXT = {
  // The layout's notice ("This is taking too long") or the screen's own error text.
  en: { offline: "You're offline", slow: /taking too long/ },
  th: { offline: 'คุณออฟไลน์อยู่', slow: /นานเกินไป|ช้าเกินไป/ },
} as const;

/** A voucher card on home: its detail has not been opened (nor its code downloaded) yet. */
const voucherCard = (page: Page) => page.locator('main a[href*="/vouchers/"]').first();

async function openHome(page: Page, prefix: string) {
  await page.goto(`${prefix}/home`);
  await voucherCard(page).waitFor({ timeout: 20_000 });
  await waitForHydration(page.getByTestId('nav-home'));
}

/** The offline notice in the content area, with the header and the bottom bar around it. */
async function expectNotice(page: Page, title: string, problem: 'offline' | 'slow', timeout = 10_000) {
  const notice = page.getByTestId('connection-notice');
  await notice.waitFor({ timeout });
  expect(await notice.getAttribute('data-problem')).toBe(problem);
  expect(await notice.getByRole('heading').textContent()).toBe(title);
  expect(await page.getByTestId('nav-home').isVisible()).toBe(true);
  expect(await page.locator('header').isVisible()).toBe(true);
  expect(await page.getByTestId('app-error').count()).toBe(0);
}

describe.each(['en', 'th'] as const)('offline screens (%s)', (lang) => {
  const prefix = lang === 'th' ? '/th' : '';
  const text = TEXT[lang];

  it('offline, Notifications, Wallet and a never-opened voucher say so with the bottom bar and fill in when back online', async () => {
    const page = await memberPage(browser, lang, `offline-${lang}`, { serviceWorkers: 'allow' });
    const context = page.context();
    await openHome(page, prefix);

    await context.setOffline(true);
    await page.getByTestId('nav-inbox').click();
    await expectNotice(page, text.offline, 'offline');
    await screenshot(page, `offline-notifications-${lang}`);
    await context.setOffline(false);
    // Back online: the screen comes by itself, no tap.
    await page.getByTestId('notifications-screen').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('connection-notice').count()).toBe(0);

    // The wallet either says it is offline or shows what the device kept, with its own offline note;
    // never the error page, always the bottom bar.
    await context.setOffline(true);
    await page.getByTestId('nav-wallet').click();
    await page.waitForFunction(() =>
      /offline|ออฟไลน์/i.test(document.querySelector('main')?.textContent ?? ''),
    );
    expect(await page.getByTestId('nav-home').isVisible()).toBe(true);
    expect(await page.getByTestId('app-error').count()).toBe(0);
    await screenshot(page, `offline-wallet-${lang}`);
    await context.setOffline(false);
    await page
      .getByRole('heading', { level: 1, name: lang === 'th' ? 'วอลเล็ท' : 'Wallet' })
      .waitFor({ timeout: 15_000 });

    await page.getByTestId('nav-home').click();
    await voucherCard(page).waitFor();
    const opened = await voucherCard(page).getAttribute('href');
    await context.setOffline(true);
    await voucherCard(page).click();
    await expectNotice(page, text.offline, 'offline');
    await screenshot(page, `offline-voucher-${lang}`);
    await context.setOffline(false);
    await page.getByTestId('action-bar').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('connection-notice').count()).toBe(0);

    // Another voucher: its screen's code is here now, its data is not (the read waits for the network).
    // Picked by address, not place: recommendations rank by sales, which other tests change meanwhile,
    // so the voucher just opened (its data cached) may now be second on the list.
    await page.getByTestId('nav-home').click();
    const second = page.locator(`main a[href*="/vouchers/"]:not([href="${opened}"])`).first();
    await second.waitFor();
    await context.setOffline(true);
    await second.click();
    await expectNotice(page, text.offline, 'offline');
    await context.setOffline(false);
    await page.getByTestId('action-bar').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('connection-notice').count()).toBe(0);
    await context.close();
  });

  it('reloaded offline (the service worker’s app shell), the member is still signed in and Notifications says offline, then fills in', async () => {
    const page = await memberPage(browser, lang, `offline-reload-${lang}`, { serviceWorkers: 'allow' });
    const context = page.context();
    await openHome(page, prefix);
    // The service worker registers after the first screen; the reload must go through it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    });
    await context.setOffline(true);
    await page.goto(`${prefix}/notifications`);
    // The session could not be confirmed: no sign-in screen, and no skeleton left waiting.
    await expectNotice(page, text.offline, 'offline');
    expect(new URL(page.url()).pathname).toBe(`${prefix}/notifications`);
    await screenshot(page, `offline-reload-notifications-${lang}`);
    await context.setOffline(false);
    await page.getByTestId('notifications-screen').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('connection-notice').count()).toBe(0);
    await context.close();
  });

  it('a read that never answers shows a retry after the time limit, and the screen comes by itself once answers come', async () => {
    const page = await memberPage(browser, lang, `hung-${lang}`, { serviceWorkers: 'allow' });
    await openHome(page, prefix);
    // The voucher's own read hangs ("You may also like" and the rest answer, so the screen says what
    // failed in its own place, with its own Retry).
    const detail = /\/bff\/vouchers\/(?!recommend)[^/?]+(\?|$)/;
    await page.route(detail, () => {});
    const started = Date.now();
    await voucherCard(page).click();
    const retry = page.locator('[data-testid="connection-retry"], [data-testid="retry"]');
    await retry.first().waitFor({ timeout: 20_000 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(11_000);
    expect(waited).toBeLessThan(16_000);
    expect(await page.locator('main').textContent()).toMatch(text.slow);
    expect(await page.getByTestId('nav-home').isVisible()).toBe(true);
    await screenshot(page, `slow-voucher-${lang}`);
    // The server answers again: no tap, the app asks again by itself (every 10 s).
    await page.unroute(detail);
    await page.getByTestId('action-bar').waitFor({ timeout: 15_000 });
    expect(await retry.count()).toBe(0);
    await page.context().close();
  });
});
