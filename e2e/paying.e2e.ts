import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, PHONE, seriousA11yViolations, settleAnimations } from './support/browser.ts';
import { viewportScreenshot } from './support/catalogue.ts';
import {
  answerAtBank,
  buyableVouchers,
  buyNow,
  confirmToWaiting,
  isGreen,
  ORDER_PATH,
  prefixOf,
  shot,
  text,
  type Lang,
  type Voucher,
} from './support/shop.ts';
import { newMember } from './support/signin.ts';
import { smallTapTargets } from './support/tap-targets.ts';
import type { Browser } from 'playwright-core';

/*
 * Paying on a phone (390×844), in English and Thai: the coupon list shows as usable only what the
 * order accepts and greys the rest with the reason; the amount and the action stay pinned in view on
 * checkout and on the waiting screen, with no bottom navigation; Save QR gives a PNG; the PromptPay badge
 * says what checkout said; a card goes from Confirm straight to its page; a declined payment says
 * "nothing was charged" in a calm colour; and the controls are at least 44 × 44 px.
 */

type CouponOption = {
  coupon: { code: string };
  usable: boolean;
  problem: string | null;
  shortfall: number | null;
};

const DANGER = 'rgb(196, 38, 46)';

/** The member's own POST to the API (the app keeps its token in local storage). */
async function memberPost<T>(page: Page, lang: Lang, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body, lang }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
          'Accept-Language': lang,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: T };
      if (!res.ok) throw new Error(`POST ${path} → ${res.status}`);
      return json.data;
    },
    { path, body, lang },
  );
}

/** Where `el` is on the screen now (the viewport, not the page). */
const box = async (el: Locator) => {
  const b = await el.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
};

/** Pinned in view: wholly inside the phone's screen without scrolling to it. */
async function expectInView(page: Page, el: Locator) {
  const b = await box(el);
  const { height } = page.viewportSize() ?? PHONE;
  expect(b.y, 'top inside the screen').toBeGreaterThanOrEqual(0);
  expect(b.y + b.height, 'bottom inside the screen').toBeLessThanOrEqual(height + 0.5);
}

async function expectNoBottomNav(page: Page) {
  expect(await page.getByTestId('nav-home').count(), 'bottom navigation').toBe(0);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'th'] as const)('paying in %s', (lang) => {
  const prefix = prefixOf(lang);
  let page: Page;
  let vouchers: Voucher[];

  beforeAll(async () => {
    page = await newMember(browser, prefix, `pay-${lang}`);
    vouchers = await buyableVouchers(page, lang);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('the coupon picker offers only what this basket can use; the rest greyed with the reason', async () => {
    // A voucher one unit of which is below some coupon's minimum spend.
    let found: { voucher: Voucher; options: CouponOption[] } | null = null;
    for (const voucher of vouchers) {
      const options = await memberPost<CouponOption[]>(page, lang, '/bff/coupons/options', {
        voucherId: voucher.id,
        quantity: 1,
      });
      if (options.some((o) => o.problem === 'coupon_min_spend') && options.some((o) => o.usable)) {
        found = { voucher, options };
        break;
      }
    }
    expect(found, 'a voucher with a usable coupon and one below its minimum spend').not.toBeNull();
    if (!found) return;
    const { voucher, options } = found;

    await buyNow(page, lang, voucher.id, 1);
    await page.getByTestId('coupon-open').click();
    await page.getByTestId('coupon-picker').waitFor();
    await page.getByTestId('coupon-usable').waitFor();
    await settleAnimations(page);

    // Under "Codes you can use": exactly the server's usable codes, each with Use.
    const usable = page.getByTestId('coupon-usable').getByTestId('coupon-option');
    const usableCodes = options.filter((o) => o.usable).map((o) => o.coupon.code);
    expect(await usable.count()).toBe(usableCodes.length);
    for (const code of usableCodes) expect(await usable.filter({ hasText: code }).count(), code).toBe(1);
    // The others greyed, with the reason in the page's language and nothing to tap.
    const greyed = page.getByTestId('coupon-unusable-option');
    const below = options.filter((o) => o.problem === 'coupon_min_spend');
    for (const o of below) {
      const item = greyed.filter({ hasText: o.coupon.code });
      const amount = `฿${(o.shortfall ?? 0).toLocaleString('en-US')}`;
      expect(await item.getByTestId('coupon-reason').innerText()).toBe(
        text(lang, 'checkout.coupon.spendMore').replace('{{amount}}', amount),
      );
      expect(await item.locator('button').count()).toBe(0);
    }
    expect(await greyed.count()).toBe(options.length - usableCodes.length);
    // A date weeks away is not in the alarm colour.
    for (const date of await page.getByTestId('coupon-valid-until').all())
      expect(await date.evaluate((el) => getComputedStyle(el).color)).not.toBe(DANGER);
    expect(await smallTapTargets(page, page.getByTestId('coupon-picker'))).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await viewportScreenshot(page, `${lang}-paying-coupons`);

    // Use on the first usable code: applied, no "cannot be used".
    const [first] = usableCodes;
    await usable
      .filter({ hasText: first ?? '' })
      .getByTestId('coupon-use')
      .click();
    await expect.poll(() => page.getByTestId('coupon-applied').innerText()).toContain(first);
    expect(await page.getByTestId('coupon-problem').count()).toBe(0);
  }, 120_000);

  it('checkout and the PromptPay screen keep the amount and the action in view, without the bottom navigation; Save QR gives a PNG', async () => {
    const [voucher] = vouchers;
    expect(voucher).toBeDefined();
    if (!voucher) return;
    await buyNow(page, lang, voucher.id, 1);
    await expectNoBottomNav(page);
    const bar = page.getByTestId('pay-bar');
    await expectInView(page, bar);
    await expectInView(page, page.getByTestId('checkout-confirm'));
    expect(await page.getByTestId('checkout-pay-total').innerText()).toBe(
      await page.getByTestId('summary-total').innerText(),
    );
    expect(await smallTapTargets(page, page.locator('main'))).toEqual([]);
    await viewportScreenshot(page, `${lang}-paying-checkout`);
    // At the end of the page the bar follows the content: the contact e-mail field is not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const email = await box(page.getByTestId('checkout-email'));
    expect(email.y + email.height).toBeLessThanOrEqual((await box(bar)).y);
    await viewportScreenshot(page, `${lang}-paying-checkout-end`);
    // The payment methods: radios and the close button big enough to tap.
    await page.getByTestId('channel-change').click();
    await page.getByTestId('channel-picker').waitFor();
    await settleAnimations(page);
    expect(await smallTapTargets(page, page.getByTestId('channel-picker'))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('channel-picker').waitFor({ state: 'hidden' });

    const channelName = await page.getByTestId('channel-selected').innerText();
    const { orderId, payPath } = await confirmToWaiting(page, lang);
    await expectNoBottomNav(page);
    // The badge says what checkout said ("พร้อมเพย์ QR" in Thai).
    await expect.poll(() => page.getByTestId('order-channel-badge').innerText()).toBe(channelName);
    const waitingBar = page.getByTestId('pay-bar');
    await expectInView(page, waitingBar);
    await expectInView(page, page.getByTestId('order-save-qr'));
    expect(await waitingBar.getByTestId('order-amount').innerText()).toBe(
      `฿${voucher.price.toLocaleString('en-US')}`,
    );
    // Fourteen minutes to pay is not an alarm.
    expect(await page.getByTestId('countdown').evaluate((el) => getComputedStyle(el).color)).not.toBe(DANGER);
    expect(await smallTapTargets(page, page.locator('main'))).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await viewportScreenshot(page, `${lang}-paying-waiting`);
    await shot(page, `${lang}-paying-waiting-page`);

    // Save QR: a real download of a PNG.
    const saveQr = page.getByTestId('order-save-qr');
    await expect.poll(() => saveQr.getAttribute('href')).toMatch(/^blob:/);
    const [download] = await Promise.all([page.waitForEvent('download'), saveQr.click()]);
    const number = (await page.getByTestId('order-waiting').innerText()).match(/[0-9A-Z]{10}/)?.[0];
    expect(download.suggestedFilename()).toBe(`promptpay-${number}.png`);
    const png = readFileSync((await download.path()) ?? '');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(720); // IHDR width
    expect(png.length).toBeGreaterThan(5_000);
    // Kept beside the screenshots for people to look at.
    await download.saveAs(
      join(import.meta.dirname, '..', 'artifacts', 'screenshots', `${lang}-paying-saved-qr.png`),
    );

    // Declined: the failed screen, calm about "nothing was charged", still no bottom navigation.
    await answerAtBank(page, lang, payPath, orderId, 'sandbox.promptpay.decline');
    await page.getByTestId('order-failed').waitFor();
    await expectNoBottomNav(page);
    const calm = page.getByTestId('order-nothing-charged');
    expect(await calm.innerText()).toBe(text(lang, 'checkout.order.failed.text'));
    const colour = await calm.evaluate((el) => getComputedStyle(el).color);
    expect(isGreen(colour), `${colour} is not a green`).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await viewportScreenshot(page, `${lang}-paying-declined`);
  }, 120_000);

  it('a cart of two stores: a coupon neither voucher reaches alone is offered for the two together', async () => {
    // Two vouchers of two stores, each below some coupon's minimum spend that the pair reaches.
    const single = (v: Voucher) =>
      memberPost<CouponOption[]>(page, lang, '/bff/coupons/options', { voucherId: v.id, quantity: 1 });
    const belowAlone = async (v: Voucher) =>
      new Set((await single(v)).filter((o) => o.problem === 'coupon_min_spend').map((o) => o.coupon.code));
    const cheap = vouchers.filter((v) => v.price < 500).sort((a, b) => b.price - a.price);
    let pair: [Voucher, Voucher] | null = null;
    for (const a of cheap) {
      const b = cheap.find((v) => v.merchant.id !== a.merchant.id && v.price + a.price >= 500);
      if (b) {
        pair = [a, b];
        break;
      }
    }
    expect(pair, 'two vouchers of two stores under ฿500 that together reach it').not.toBeNull();
    if (!pair) return;
    const [a, b] = pair;
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const res = await page.request.post('/bff/cart/addItems', {
      headers: { Authorization: `Bearer ${token ?? ''}` },
      data: { items: [a, b].map((v) => ({ voucherId: v.id, quantity: 1 })) },
    });
    expect(res.status()).toBe(200);
    const cart = (
      (await (
        await page.request.get('/bff/cart', { headers: { Authorization: `Bearer ${token ?? ''}` } })
      ).json()) as {
        data: { items: { id: string; voucher: { id: string } }[] };
      }
    ).data.items;
    const cartItemIds = cart.filter((i) => [a.id, b.id].includes(i.voucher.id)).map((i) => i.id);
    expect(cartItemIds).toHaveLength(2);
    const together = await memberPost<CouponOption[]>(page, lang, '/bff/coupons/options', { cartItemIds });
    const [aloneA, aloneB] = [await belowAlone(a), await belowAlone(b)];
    const code = together.find((o) => o.usable && aloneA.has(o.coupon.code) && aloneB.has(o.coupon.code))
      ?.coupon.code;
    expect(code, 'a coupon usable only for the pair').toBeDefined();
    if (!code) return;

    // The cart's checkout of both lines: that coupon is under "Codes you can use", and Use applies it.
    await page.goto(`${prefix}/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    const all = page.getByTestId('cart-select-all');
    if (!(await all.isChecked())) await all.click();
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL(`**${prefix}/checkout`);
    await page.getByTestId('checkout-summary').waitFor();
    await page.getByTestId('coupon-open').click();
    await page.getByTestId('coupon-usable').waitFor();
    const usable = page.getByTestId('coupon-usable').getByTestId('coupon-option');
    expect(await usable.count()).toBe(together.filter((o) => o.usable).length);
    await usable.filter({ hasText: code }).getByTestId('coupon-use').click();
    await expect.poll(() => page.getByTestId('coupon-applied').innerText()).toContain(code);
    expect(await page.getByTestId('coupon-problem').count()).toBe(0);
    await page.getByTestId('coupon-picker').waitFor({ state: 'hidden' });
    await settleAnimations(page);
    await viewportScreenshot(page, `${lang}-paying-cart-coupon`);
  }, 120_000);

  it('Confirm with a card goes straight to the card page; paid, the success screen has no bottom navigation', async () => {
    const voucher = vouchers[1];
    expect(voucher).toBeDefined();
    if (!voucher) return;
    await buyNow(page, lang, voucher.id, 1);
    await page.getByTestId('channel-change').click();
    await page.getByTestId('channel-picker').waitFor();
    await page.getByText(text(lang, 'payments.channels.card.name'), { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('channel-selected').innerText())
      .toBe(text(lang, 'payments.channels.card.name'));
    await page.getByTestId('checkout-confirm').click();
    // No second "Pay by card" tap: the card page is where Confirm leads.
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'));
    expect(new URL(page.url()).searchParams.get('lang')).toBe(lang === 'th' ? 'th' : null);
    await page.locator('#number').fill('4242 4242 4242 4242');
    await page.locator('#expiry').fill('12/34');
    await page.locator('#cvc').fill('123');
    await page.locator('button[value="pay"]').click();
    await page.waitForURL(ORDER_PATH);
    await page.getByTestId('order-success').waitFor({ timeout: 20_000 });
    await expectNoBottomNav(page);
    expect(await smallTapTargets(page, page.locator('main'))).toEqual([]);
    await viewportScreenshot(page, `${lang}-paying-card-success`);
  }, 120_000);
});
