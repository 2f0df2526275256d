import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, settleAnimations } from './support/browser.ts';
import { viewportScreenshot } from './support/catalogue.ts';
import { buyableVouchers, buyToWallet, memberApi, prefixOf, text, type Lang } from './support/shop.ts';
import { memberPage } from './support/session.ts';

/*
 * The installable app and the wallet with no signal, in a phone's Chromium, one member per language:
 * the manifest and the service worker meet Chromium's install criteria; after the wallet and one voucher
 * were opened online, the phone goes offline and reloads — the app still starts (the service worker
 * answers the page), the wallet lists the voucher and its screen shows the code, barcode and QR with
 * "Offline — last updated …", and Mark as used is off with its reason. Last, a new build's service
 * worker (the served sw.js changed on disk) shows "Update available", and Reload brings it in.
 *
 * The last test changes apps/web/dist/sw.js for a moment (put back after): this file must not run beside
 * another that loads the app (the suite runs its files one after another).
 */

const SW_FILE = join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'sw.js');

type WalletItem = { id: string; voucherId: string; code: string };
type Manifest = {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

const activeWorker = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { state: registration.active?.state, controlled: navigator.serviceWorker.controller !== null };
  });

/**
 * The copy the app keeps on the device under `key` (features/wallet/api/device-copy.ts). The database
 * is opened only once the app has made it: opening it first would make an empty one the app cannot use.
 */
const deviceCopyOf = (page: Page, key: string) =>
  page.evaluate(async (k) => {
    const made = (await indexedDB.databases()).some((d) => d.name === 'privileges-offline');
    if (!made) return null;
    return new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open('privileges-offline');
      open.onerror = () => reject(new Error('cannot open the offline store'));
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('copies')) return resolve(null);
        const get = db.transaction('copies').objectStore('copies').get(k);
        get.onsuccess = () => resolve(get.result ?? null);
        get.onerror = () => reject(new Error('cannot read the offline store'));
      };
    });
  }, key);

describe.each(['en', 'th'] as const)('the installable app and the offline wallet (%s)', (lang: Lang) => {
  const prefix = prefixOf(lang);
  let browser: Browser;
  let page: Page;
  let item: WalletItem;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await memberPage(browser, lang, `offline-${lang}`, { serviceWorkers: 'allow' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('meets the install criteria: a valid manifest in the page language, an active service worker', async () => {
    // Set-up (buying is the buying journey's): one voucher in the wallet, bought through the API.
    const [voucher] = await buyableVouchers(page, lang);
    if (!voucher) throw new Error('no voucher to buy');
    await buyToWallet(page, lang, voucher.id);
    const wallet = await memberApi<{ items: WalletItem[] }>(page, lang, '/bff/wallet?status=active');
    const bought = wallet.items.find((i) => i.voucherId === voucher.id);
    if (!bought) throw new Error('the bought voucher is not in the wallet');
    item = await memberApi<WalletItem>(page, lang, `/bff/wallet/${bought.id}`);

    await page.goto(`${prefix}/home`);
    await page.getByTestId('nav-wallet').waitFor();
    // The worker is registered after the first screen, and a first install takes control of the page.
    await expect
      .poll(() => activeWorker(page), { timeout: 30_000 })
      .toEqual({ state: 'activated', controlled: true });

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe(`/manifest-${lang}.webmanifest`);
    const answer = await page.request.get(href!);
    expect(answer.ok()).toBe(true);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({
      id: '/',
      short_name: 'Privileges',
      lang,
      start_url: `${prefix}/home`,
      scope: '/',
      display: 'standalone',
      theme_color: '#14213d',
    });
    expect(manifest.name).toBe(text(lang, 'pwa.name'));
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true);
      expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
    }
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
      const body = await png.body();
      // PNG's header: width and height at bytes 16 and 20.
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }

    // Chromium's own verdict (what Lighthouse's installability check asks): no errors, but that a test
    // browser's context is a private one (a person's browser profile is not).
    const cdp = await page.context().newCDPSession(page);
    await expect
      .poll(
        async () =>
          (
            (await cdp.send('Page.getInstallabilityErrors')) as {
              installabilityErrors: { errorId: string }[];
            }
          ).installabilityErrors
            .map((e) => e.errorId)
            .filter((id) => id !== 'in-incognito'),
        { timeout: 15_000 },
      )
      .toEqual([]);
    await cdp.detach();
  });

  it('shows the wallet and the code with no network, saying when it was last updated', async () => {
    await page.goto(`${prefix}/wallet`);
    await page.getByTestId('wallet-card').first().waitFor();
    await page.goto(`${prefix}/wallet/${item.id}`);
    await page.getByTestId('wallet-voucher').waitFor();
    // Opened online: the wallet's copy (its list and this voucher with its code) is on the device.
    await expect
      .poll(
        async () =>
          ((await deviceCopyOf(page, `${lang} /bff/wallet/${item.id}`)) as { value?: WalletItem } | null)
            ?.value?.code,
      )
      .toBe(item.code);

    await page.context().setOffline(true);
    try {
      await page.reload();
      await page.getByTestId('wallet-voucher').waitFor();
      const note = page.getByTestId('offline-note');
      await expect.poll(() => note.textContent()).toMatch(/\d{2}:\d{2}/);
      expect(await note.textContent()).toContain(
        text(lang, 'wallet.offline.note').split('{{time}}')[0]!.trim(),
      );
      await page.getByTestId('redeem-now').click();
      const screen = page.getByTestId('code-screen');
      await screen.waitFor();
      expect(await screen.getByTestId('voucher-code').getAttribute('data-code')).toBe(item.code);
      await screen.getByTestId('qr-code').waitFor();
      await screen.getByTestId('offline-note').waitFor();
      expect(await screen.getByTestId('use').isDisabled()).toBe(true);
      expect(await screen.getByTestId('use-offline').textContent()).toBe(
        text(lang, 'wallet.offline.useNeedsConnection'),
      );
      await settleAnimations(page);
      await viewportScreenshot(page, `offline-wallet-code-${lang}`);
      await screen.getByTestId('code-screen-close').click();

      // The wallet's list, opened from its tab after an offline reload of the list itself.
      await page.goto(`${prefix}/wallet`);
      await page.getByTestId('wallet-card').first().waitFor();
      await page.getByTestId('offline-note').waitFor();
      expect(await page.getByTestId('nav-wallet').isVisible()).toBe(true);
      await settleAnimations(page);
      await viewportScreenshot(page, `offline-wallet-list-${lang}`);
      // And the voucher from the list, inside the app.
      await page.getByTestId('wallet-card').first().click();
      await page.getByTestId('wallet-voucher').waitFor();
      await page.getByTestId('offline-note').waitFor();
    } finally {
      await page.context().setOffline(false);
    }
    // Back online, the server's answers replace the copy and the note goes.
    await page.reload();
    await page.getByTestId('wallet-voucher').waitFor();
    await page.getByTestId('redeem-now').waitFor();
    expect(await page.getByTestId('offline-note').count()).toBe(0);
  });

  it('offers a new build as "Update available" and reloads into it on Reload', async () => {
    await page.goto(`${prefix}/wallet`);
    await page.getByTestId('wallet-card').first().waitFor();
    await expect
      .poll(() => activeWorker(page), { timeout: 30_000 })
      .toEqual({ state: 'activated', controlled: true });
    const original = readFileSync(SW_FILE, 'utf8');
    try {
      // A deploy: the served worker's bytes change (a new build changes its precache revisions).
      writeFileSync(SW_FILE, `${original}\n// a new build ${Date.now()}\n`);
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const banner = page.getByTestId('update-available');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.textContent()).toContain(text(lang, 'pwa.update.title'));
      expect(await banner.textContent()).toContain(text(lang, 'pwa.update.text'));
      await settleAnimations(page);
      await viewportScreenshot(page, `update-available-${lang}`);

      const reloaded = page.waitForEvent('load');
      await page.getByTestId('update-reload').click();
      await reloaded;
      await page.getByTestId('wallet-card').first().waitFor();
      // The new worker runs the page now, and nothing is left waiting.
      const waiting = await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null);
      expect(waiting).toBe(false);
      expect(await page.getByTestId('update-available').count()).toBe(0);
    } finally {
      writeFileSync(SW_FILE, original);
    }
  });
});
