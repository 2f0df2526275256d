import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousA11yViolations, settleAnimations } from './support/browser.ts';
import { priceOf } from './support/catalogue.ts';
import {
  answerAtBank,
  buyableVouchers,
  buyNow,
  confirmToWaiting,
  isGreen,
  memberApi,
  prefixOf,
  remainingOf,
  shot,
  text,
  type Lang,
  type Paged,
  type Voucher,
} from './support/shop.ts';
import { newMember } from './support/signin.ts';

/*
 * Issue 10's purchase, in a phone's browser against the app as `npm start` runs it: the cart, Buy Now
 * with a coupon, PromptPay answered on the sandbox bank page, the wallet; and the two ways a payment
 * ends without money (declined, expired) giving the stock back. One member per language, signed in once.
 */

type Coupon = { code: string; minSpend: number; remaining: number | null };
type WalletVoucher = { id: string; voucherId: string; orderNumber: string };

/** One voucher with a coupon from its 'Select discount code' list that two units of it reach. */
async function voucherWithCoupon(page: Page, lang: Lang, candidates: Voucher[]) {
  for (const voucher of candidates) {
    const coupons = await memberApi<Coupon[]>(page, lang, `/bff/coupons/vouchers/${voucher.id}`);
    const coupon = coupons.find((c) => c.minSpend <= voucher.price * 2 && c.remaining !== 0);
    if (coupon) return { voucher, coupon };
  }
  throw new Error('no voucher in the demo catalogue has a coupon that applies');
}

async function addToCart(page: Page, lang: Lang, voucherId: string) {
  await page.goto(`${prefixOf(lang)}/vouchers/${voucherId}`);
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('buy-sheet').waitFor();
  await page.getByTestId('buy-sheet-confirm').click();
  await page.getByTestId('cart-added').waitFor();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'th'] as const)('buying in %s', (lang) => {
  const prefix = prefixOf(lang);
  let page: Page;
  let vouchers: Voucher[];

  beforeAll(async () => {
    page = await newMember(browser, prefix, `buy-${lang}`);
    vouchers = await buyableVouchers(page, lang);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('cart by store → delete one → Buy Now with a coupon → PromptPay → Approve → wallet with code, barcode and QR', async () => {
    // The purchase: a voucher a coupon applies to. The cart: two others, of two other stores.
    const { voucher: bought, coupon } = await voucherWithCoupon(page, lang, vouchers);
    const [first, second] = vouchers
      .filter((v) => v.id !== bought.id)
      .filter((v, i, all) => all.findIndex((w) => w.merchant.id === v.merchant.id) === i);
    expect(first && second, 'two buyable vouchers of two stores').toBeTruthy();
    if (!first || !second) return;

    // Two vouchers of two stores into the cart, from their pages.
    await addToCart(page, lang, first.id);
    await addToCart(page, lang, second.id);
    await page.getByTestId('view-cart').click();
    await page.waitForURL(`**${prefix}/cart`);
    const stores = page.getByTestId('cart-store');
    await expect.poll(() => stores.count()).toBe(2);
    for (const v of [first, second]) {
      const group = page.locator(`[data-testid="cart-store"][aria-label="${v.merchant.name}"]`);
      expect(await group.getByTestId('cart-line').count(), v.merchant.name).toBe(1);
      expect(await group.getByTestId('cart-line').innerText()).toContain(v.title.slice(0, 12));
    }
    // Ticking all: the total of the selection. (The selection is kept on the device: after a retry
    // of this journey it may be ticked already.)
    const all = page.getByTestId('cart-select-all');
    if (!(await all.isChecked())) await all.click();
    await expect
      .poll(async () => priceOf(await page.getByTestId('cart-total').innerText()))
      .toBe(first.price + second.price);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-buying-cart`);

    // Delete the first through the confirmation modal: its store goes with it.
    const firstGroup = page.locator(`[data-testid="cart-store"][aria-label="${first.merchant.name}"]`);
    await firstGroup.getByTestId('cart-line-remove').click();
    // As a person does, once the dialog has finished growing into place.
    await page.getByTestId('cart-delete-confirm').waitFor();
    await settleAnimations(page);
    await page.getByTestId('cart-delete-confirm').click();
    await expect.poll(() => stores.count()).toBe(1);
    expect(await stores.getAttribute('aria-label')).toBe(second.merchant.name);
    const cart = await memberApi<{ items: { voucher: { id: string } }[] }>(page, lang, '/bff/cart');
    expect(cart.items.map((i) => i.voucher.id)).toEqual([second.id]);

    // Buy Now two of another voucher, with a coupon picked from 'Select discount code'.
    await buyNow(page, lang, bought.id, 2);
    expect(priceOf(await page.getByTestId('summary-subtotal').innerText())).toBe(bought.price * 2);
    await page.getByTestId('coupon-open').click();
    await page.getByTestId('coupon-picker').waitFor();
    await page
      .getByTestId('coupon-option')
      .filter({ hasText: coupon.code })
      .getByTestId('coupon-use')
      .click();
    await expect.poll(() => page.getByTestId('coupon-applied').innerText()).toContain(coupon.code);
    await page.getByTestId('coupon-picker').waitFor({ state: 'hidden' });
    const discount = priceOf(await page.getByTestId('summary-discount').innerText());
    const total = priceOf(await page.getByTestId('summary-total').innerText());
    expect(discount).toBeGreaterThan(0);
    expect(total).toBe(bought.price * 2 - discount);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-buying-checkout`);

    // Confirm → waiting for the PromptPay payment: the QR drawn on the phone, the amount, a countdown.
    const { orderId, payPath } = await confirmToWaiting(page, lang);
    expect(await page.getByTestId('order-qr').evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(priceOf(await page.getByTestId('order-amount').innerText())).toBe(total);
    expect(await page.getByTestId('countdown').innerText()).toMatch(/^1[45]:\d\d$/);
    expect(await page.getByTestId('order-waiting').innerText()).toContain(
      text(lang, 'checkout.order.waiting.title'),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-buying-waiting`);

    // The bank page, through the waiting screen's own link.
    await page.getByTestId('order-open-page').click();
    await page.waitForURL(`**${payPath}**`);
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    await answerAtBank(page, lang, payPath, orderId, 'sandbox.promptpay.approve');
    await page.getByTestId('order-success').waitFor();
    expect(await page.getByTestId('order-success').innerText()).toContain(
      text(lang, 'checkout.order.success.title'),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-buying-success`);

    // My Wallet: one voucher per unit bought, each from this order; the two identical ones are one
    // card "×2", which opens to the two.
    await page.getByTestId('order-wallet').click();
    await page.waitForURL(`**${prefix}/wallet`);
    const wallet = await memberApi<Paged<WalletVoucher>>(page, lang, '/bff/wallet');
    const mine = wallet.items.filter((w) => w.voucherId === bought.id);
    expect(mine).toHaveLength(2);
    expect(new Set(mine.map((w) => w.orderNumber)).size).toBe(1);
    const group = page.getByTestId('wallet-group');
    await group.waitFor();
    expect(await group.getAttribute('data-count')).toBe('2');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-buying-wallet`);
    await group.click();
    const cards = page.getByTestId('wallet-card');
    await expect.poll(() => cards.count()).toBe(2);
    expect((await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).sort()).toEqual(
      mine.map((w) => w.id).sort(),
    );

    // A wallet voucher: Redeem Now shows its code, with a barcode and a QR code of it.
    const id = (await cards.first().getAttribute('data-id')) ?? '';
    await cards.first().click();
    await page.waitForURL(`**${prefix}/wallet/${id}`);
    await page.getByTestId('redeem-now').click();
    await page.getByTestId('code-screen').waitFor();
    const code = page.getByTestId('voucher-code');
    await code.waitFor();
    const detail = await memberApi<{ code: string }>(page, lang, `/bff/wallet/${id}`);
    expect(detail.code.length).toBeGreaterThanOrEqual(8);
    expect(await code.getAttribute('data-code')).toBe(detail.code);
    expect((await code.innerText()).replace(/\s/g, '')).toBe(detail.code);
    expect(await page.getByTestId('barcode').evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(await page.getByTestId('barcode').locator('rect, path').count()).toBeGreaterThan(10);
    expect(await page.getByTestId('qr-code').evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-buying-wallet-detail`);
  }, 120_000);

  // The endings without money: each order holds its unit while waiting and gives it back, and says
  // "Nothing was charged" in a colour that does not read as success.
  it.each([
    ['declined', 'sandbox.promptpay.decline', 'order-failed', 'checkout.order.failed.title'],
    ['expired', 'sandbox.expire.action', 'order-expired', 'checkout.order.expired.title'],
    ['cancelled', null, 'order-cancelled', 'checkout.order.cancelled.title'],
  ] as const)(
    'the %s payment ends on its screen and gives the stock back',
    async (name, answer, screen, title) => {
      // A voucher with counted stock that no other step of this run buys.
      const counted = vouchers.filter((v) => v.remaining !== null);
      const voucher = counted[counted.length - 1 - ['declined', 'expired', 'cancelled'].indexOf(name)];
      expect(voucher, 'a voucher with counted stock').toBeDefined();
      if (!voucher) return;
      const before = await remainingOf(page, lang, voucher.id);

      await buyNow(page, lang, voucher.id, 1);
      const { orderId, payPath } = await confirmToWaiting(page, lang);
      expect(await remainingOf(page, lang, voucher.id)).toBe((before ?? 0) - 1);

      if (answer) {
        // The bank page once, with its three answers.
        const bankShot = name === 'expired' ? `${lang}-buying-sandbox-bank` : undefined;
        await answerAtBank(page, lang, payPath, orderId, answer, bankShot);
      } else {
        // The member's own Cancel, confirmed in its dialog.
        await page.getByTestId('order-cancel').click();
        const dialog = page.getByRole('dialog', { name: text(lang, 'checkout.order.waiting.cancelTitle') });
        await dialog
          .getByRole('button', { name: text(lang, 'checkout.order.waiting.cancelConfirm') })
          .click();
      }
      await page.getByTestId(screen).waitFor();
      expect(await page.getByTestId(screen).innerText()).toContain(text(lang, title));
      const calm = page.getByTestId('order-nothing-charged');
      const colour = await calm.evaluate((el) => getComputedStyle(el).color);
      expect(isGreen(colour), `"${await calm.innerText()}" is in ${colour}, a green`).toBe(false);
      expect(await remainingOf(page, lang, voucher.id)).toBe(before);
      await shot(page, `${lang}-buying-${name}`);
    },
  );
});
