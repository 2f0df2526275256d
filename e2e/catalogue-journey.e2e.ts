import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
  uniqueEmail,
} from './support/browser.ts';
import { catalogueGet, loadLazyImages, priceOf, viewportScreenshot } from './support/catalogue.ts';
import { completeNewProfile, signIn } from './support/signin.ts';

type Item = { id: string; title: string; unavailableReason: string | null; tier: string | null };
type Paged<T> = { items: T[]; total: number };

/** A part of a Thai title with no space around it: "บุฟเฟ่ต์ชาบู 90 นาที" has "เฟ่ต์ชาบู" inside one run of letters. */
const THAI_FRAGMENT = 'เฟ่ต์ชาบู';

const TEXT = {
  en: {
    soldOut: 'Sold out',
    notAvailable: 'Not Available',
    listTitle: 'Vouchers · Privileges',
    shabu: /Shabu/,
  },
  th: { soldOut: 'สินค้าหมด', notAvailable: 'ไม่พร้อมให้บริการ', listTitle: 'บัตรกำนัล · Privileges', shabu: /ชาบู/ },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const prefixOf = (lang: 'en' | 'th') => (lang === 'th' ? '/th' : '');

async function cardPrices(page: Page) {
  const texts = await page.getByTestId('voucher-price').allInnerTexts();
  return texts.map(priceOf);
}

describe.each(['en', 'th'] as const)('catalogue journey in %s', (lang) => {
  const prefix = prefixOf(lang);
  const text = TEXT[lang];

  it('home → Thai search → voucher → you may also like → list → filter in the URL → sold out → like', async () => {
    const page = await newPage(browser);

    // Home: banners, recommended, all vouchers; no serious accessibility problems.
    await page.goto(`${prefix}/home`);
    await page.getByTestId('recommended').getByTestId('voucher-card').first().waitFor();
    await page.getByTestId('all-vouchers').getByTestId('voucher-card').first().waitFor();
    expect(await page.getByTestId('banner').count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Search a part of a Thai title (in both languages: the search covers both).
    await page.getByTestId('search-input').fill(THAI_FRAGMENT);
    await page.getByTestId('search-input').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === THAI_FRAGMENT);
    const results = page.getByTestId('search-results');
    await results.getByTestId('voucher-card').first().waitFor();
    await results.getByTestId('voucher-card').first().click();

    // The voucher.
    await page.waitForURL(/\/vouchers\/[0-9a-f-]{36}$/);
    const firstUrl = page.url();
    await expect.poll(() => page.locator('#detail-title').innerText()).toMatch(text.shabu);
    await page.getByTestId('also-like').getByTestId('voucher-card').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const detailTitle = await page.locator('#detail-title').innerText();
    await expect.poll(() => page.title()).toContain(detailTitle);

    // Add to Cart as a visitor: sign in first, then back here.
    await page.getByTestId('add-to-cart').click();
    await page.waitForURL(/\/signin\?redirect=%2Fvouchers%2F/);
    expect(page.url()).toContain(`${prefix}/signin?redirect=`);
    await page.goBack();
    await page.waitForURL(firstUrl);

    // You may also like → another voucher.
    await page.getByTestId('also-like').getByTestId('voucher-card').first().click();
    await page.waitForURL((url) => /\/vouchers\/[0-9a-f-]{36}$/.test(url.pathname) && url.href !== firstUrl);
    await page.getByTestId('voucher-detail').waitFor();

    // Back, back: the search results again (Back keeps the list).
    await page.getByTestId('back').click();
    await page.waitForURL(firstUrl);
    await page.getByTestId('back').click();
    await page.getByTestId('search-results').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(THAI_FRAGMENT);

    // The full list, filtered by price and sorted high to low.
    await page.getByTestId('search-clear').click();
    await page.getByTestId('see-all-vouchers').click();
    await page.waitForURL(`**${prefix}/vouchers`);
    await page.getByTestId('voucher-card').first().waitFor();
    await expect.poll(() => page.title()).toBe(text.listTitle);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByTestId('open-filter').click();
    await page.getByTestId('filter-apply').waitFor();
    // Buttons are 48 px high (measured once the dialog has finished opening).
    await expect.poll(async () => (await page.getByTestId('filter-apply').boundingBox())?.height).toBe(48);
    await page.getByTestId('sort-priceDesc').check();
    await page.getByTestId('filter-min').fill('1000');
    await page.getByTestId('filter-max').fill('100');
    await page.getByTestId('filter-apply').click();
    await expect.poll(() => page.getByTestId('filter-error').innerText()).not.toBe('');
    await page.getByTestId('filter-min').fill('100');
    await page.getByTestId('filter-max').fill('1000');
    await page.getByTestId('filter-apply').click();
    await page.waitForURL(/orderBy=price&orderDir=DESC&minPrice=100&maxPrice=1000/);
    await page.getByTestId('voucher-card').first().waitFor();

    // The list shows only prices from 100 to 1000, highest first (polled: the previous list and the
    // skeletons go before the filtered cards arrive).
    const filtered = async () => {
      const prices = await cardPrices(page);
      const sorted = [...prices].sort((a, b) => b - a);
      return (
        prices.length > 1 &&
        prices.every((p) => p >= 100 && p <= 1000) &&
        sorted.every((p, i) => p === prices[i])
      );
    };
    const check = async () => {
      await expect.poll(() => page.getByTestId('filter-count').innerText()).toContain('3');
      await expect.poll(filtered, { timeout: 15_000 }).toBe(true);
    };
    await check();
    const countBefore = await page.getByTestId('result-count').innerText();

    // The URL holds the filter: a reload shows the same list.
    const filteredUrl = page.url();
    await page.reload();
    await page.getByTestId('voucher-card').first().waitFor();
    expect(page.url()).toBe(filteredUrl);
    await check();
    expect(await page.getByTestId('result-count').innerText()).toBe(countBefore);

    // A sold-out voucher: 'Not Available' with the reason, no buying buttons.
    const all = await catalogueGet<Paged<Item>>('/bff/vouchers?limit=100', lang);
    const soldOut = all.items.find((v) => v.unavailableReason === 'sold_out');
    expect(soldOut).toBeDefined();
    await page.goto(`${prefix}/vouchers/${soldOut?.id}`);
    await page.getByTestId('not-available').waitFor();
    expect(await page.getByTestId('not-available').isDisabled()).toBe(true);
    expect(await page.getByTestId('not-available').innerText()).toBe(text.notAvailable);
    expect(await page.getByTestId('unavailable-reason').innerText()).toBe(text.soldOut);
    expect(await page.getByTestId('buy-now').count()).toBe(0);

    // Like a privilege: a visitor signs in first; the like survives a reload.
    const privileges = await catalogueGet<Paged<Item>>('/bff/privileges?limit=50', lang);
    // One a new member (the base tier) may use, so Use Now is offered after the like.
    const privilege = privileges.items.find(
      (p) => p.unavailableReason === null && (p.tier === null || p.tier === 'member'),
    );
    expect(privilege).toBeDefined();
    const privilegeUrl = `${prefix}/privileges/${privilege?.id}`;
    await page.goto(privilegeUrl);
    await page.getByTestId('like-button').click();
    await page.waitForURL(/\/signin\?redirect=%2Fprivileges%2F/);
    await signIn(page, uniqueEmail(`like-${lang}`));
    // A brand-new member completes the profile first, and Save brings them back to the privilege.
    await page.waitForURL(/\/profile\/edit\?redirect=%2Fprivileges%2F/);
    await completeNewProfile(page, new RegExp(`/privileges/${privilege?.id}$`));

    await page.goto(privilegeUrl);
    const like = page.getByTestId('like-button');
    await like.waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    const before = Number((await page.getByTestId('like-count').innerText()).replace(/,/g, ''));
    const saved = page.waitForResponse((r) => r.url().endsWith(`/bff/privileges/${privilege?.id}/like`));
    await like.click();
    // The heart fills (the optimistic update renders a tick after the click, so wait for it).
    await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 2000 }).toBe('true');
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
    expect(Number((await page.getByTestId('like-count').innerText()).replace(/,/g, ''))).toBe(before + 1);

    // A new member's points do not reach it (the earning journey redeems one): Use Now is disabled,
    // with how many points are missing beside it, rather than a confirmation that cannot pass.
    await page.getByTestId('points-short').waitFor();
    expect(await page.getByTestId('use-now').isDisabled()).toBe(true);
    await viewportScreenshot(page, `${lang}-privilege-redeem-short`);
    await page.context().close();
  }, 150_000);

  it("an unknown voucher shows 'Voucher not found' with a way back", async () => {
    const page = await newPage(browser);
    await page.goto(`${prefix}/vouchers/00000000-0000-4000-8000-000000000000`);
    await page.getByTestId('item-not-found').waitFor();
    expect(await page.getByTestId('item-not-found').innerText()).toContain(
      lang === 'en' ? 'Voucher not found' : 'ไม่พบบัตรกำนัล',
    );
    await page.getByTestId('not-found-list').click();
    await page.waitForURL(`**${prefix}/vouchers`);
    await page.context().close();
  });
});

describe('screenshots for people to look at', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const lang of ['en', 'th'] as const) {
      it(`home, tabs, list, filter and details in ${lang} at ${viewport.width}px`, async () => {
        const page = await newPage(browser, viewport);
        const prefix = prefixOf(lang);
        const vouchers = await catalogueGet<Paged<Item & { hasPriceOptions: boolean }>>(
          '/bff/vouchers?limit=100',
          lang,
        );
        const voucher = vouchers.items.find((v) => v.hasPriceOptions && v.unavailableReason === null);
        const privileges = await catalogueGet<Paged<Item>>('/bff/privileges?limit=50', lang);
        const privilege = privileges.items.find((p) => p.tier !== null) ?? privileges.items[0];

        // Home: the whole page, and the first screen as the member sees it.
        await page.goto(`${prefix}/home`);
        await page.getByTestId('all-vouchers').getByTestId('voucher-card').first().waitFor();
        await loadLazyImages(page);
        await screenshot(page, `${lang}-catalogue-home`);
        await viewportScreenshot(page, `${lang}-catalogue-home-screen`);

        // The Category tabs, scrolled into view (the fixed bottom bar would hide them on a full page).
        await page.getByTestId('tab-coupon').click();
        await page.getByTestId('coupon-card').first().waitFor();
        await viewportScreenshot(page, `${lang}-catalogue-coupon-tab`, page.getByTestId('tab-coupon'));
        await page.getByTestId('tab-store').click();
        await page.getByTestId('merchant-card').first().waitFor();
        await loadLazyImages(page);
        await viewportScreenshot(page, `${lang}-catalogue-store-tab`, page.getByTestId('tab-store'));

        // The list (first screen: the list pages on as you scroll) and its filter.
        await page.goto(`${prefix}/vouchers`);
        await page.getByTestId('voucher-card').first().waitFor();
        await page.waitForFunction(() => [...document.images].slice(0, 6).every((i) => i.complete));
        await viewportScreenshot(page, `${lang}-catalogue-list`);
        await page.getByTestId('open-filter').click();
        await page.getByTestId('filter-apply').waitFor();
        await page.waitForTimeout(400);
        await viewportScreenshot(page, `${lang}-catalogue-filter`);

        // Details: the whole page and the first screen with its sticky buttons.
        await page.goto(`${prefix}/vouchers/${voucher?.id}`);
        await page.getByTestId('voucher-detail').waitFor();
        await page.getByTestId('also-like').getByTestId('voucher-card').first().waitFor();
        await loadLazyImages(page);
        await screenshot(page, `${lang}-catalogue-voucher`);
        await viewportScreenshot(page, `${lang}-catalogue-voucher-screen`);

        await page.goto(`${prefix}/privileges/${privilege?.id}`);
        await page.getByTestId('privilege-detail').waitFor();
        await loadLazyImages(page);
        await screenshot(page, `${lang}-catalogue-privilege`);
        await viewportScreenshot(page, `${lang}-catalogue-privilege-screen`);
        await page.context().close();
      });
    }
  }
});
