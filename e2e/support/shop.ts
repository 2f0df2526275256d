import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, screenshot } from './browser.ts';
import { loadLazyImages, viewportScreenshot } from './catalogue.ts';

/*
 * A signed-in member's shopping in the browser, shared by the journeys that buy (buying, earning,
 * notifications): the member's own API calls for set-up and checks, Buy Now to the checkout, Confirm
 * to the waiting screen, and an answer at the sandbox bank.
 */

export type Lang = 'en' | 'th';
export type Voucher = {
  id: string;
  title: string;
  merchant: { id: string; name: string };
  price: number;
  hasPriceOptions: boolean;
  pointsEarned: number;
  remaining: number | null;
  unavailableReason: string | null;
  eligible: boolean | null;
};
export type Paged<T> = { items: T[]; total: number };

const root = join(import.meta.dirname, '..', '..');
const locales = {
  en: JSON.parse(readFileSync(join(root, 'locales', 'en.json'), 'utf8')) as Record<string, unknown>,
  th: JSON.parse(readFileSync(join(root, 'locales', 'th.json'), 'utf8')) as Record<string, unknown>,
};
/** A text as the member reads it, straight from the locale files (so a missing key fails here too). */
export const text = (lang: Lang, key: string): string => {
  const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], locales[lang]);
  if (typeof value !== 'string') throw new Error(`no text ${lang}:${key}`);
  return value;
};

export const prefixOf = (lang: Lang) => (lang === 'th' ? '/th' : '');
export const ORDER_PATH = /\/checkout\/orders\/([0-9a-f-]{36})$/;
export const PHONE_NUMBER = '0812345678'; // what completeNewProfile saves

/** Calls the API as the member signed in on `page` (the app keeps its tokens in local storage). */
export async function memberApi<T>(page: Page, lang: Lang, path: string, method = 'GET'): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token ?? ''}`, 'Accept-Language': lang },
  });
  const body = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !body.success) throw new Error(`${method} ${path} → ${res.status}`);
  return body.data;
}

/** Sends a call with a JSON body as the member signed in on `page`. */
export async function memberSend<T>(page: Page, lang: Lang, path: string, body: unknown, method = 'POST') {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token ?? ''}`,
      'Accept-Language': lang,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !answer.success) throw new Error(`${method} ${path} → ${res.status}`);
  return answer.data;
}

type PlacedOrder = { id: string; status: string; payment: { authorizeUri: string | null } | null };

/**
 * An order of `quantity` of one voucher, paid with PromptPay at the sandbox bank and issued into the
 * wallet, all through the member's API and the bank page's own form post: set-up for the journeys that
 * need something bought but test what comes after. The screens of buying are the buying journey's.
 * Resolves with the order's id once the order is SUCCESSFUL (the vouchers are in the wallet).
 */
export async function buyToWallet(page: Page, lang: Lang, voucherId: string, quantity = 1) {
  const { email } = await memberApi<{ email: string }>(page, lang, '/auth/users/profile');
  const order = await memberSend<PlacedOrder>(page, lang, '/bff/orders', {
    voucherId,
    quantity,
    phone: PHONE_NUMBER,
    email,
    channelCode: 'promptpay',
  });
  const payPath = new URL(order.payment?.authorizeUri ?? '', baseUrl()).pathname;
  expect(payPath).toMatch(/^\/sandbox\/pay\/chrg_sbx_[0-9a-f]+$/);
  // The bank page's Approve: a same-origin form post, answered with the way back to the order.
  const answer = await fetch(`${baseUrl()}${payPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'approve', lang }).toString(),
    redirect: 'manual',
  });
  expect(answer.status, 'the sandbox bank took the approval').toBe(303);
  await expect
    .poll(
      async () =>
        (await memberSend<PlacedOrder>(page, lang, '/bff/orders/check-status', { orderId: order.id })).status,
      { timeout: 30_000, interval: 250 },
    )
    .toBe('SUCCESSFUL');
  return order.id;
}

export const remainingOf = async (page: Page, lang: Lang, id: string) =>
  (await memberApi<Voucher>(page, lang, `/bff/vouchers/${id}`)).remaining;

/** Vouchers this member can buy now, with stock to spare for both languages' runs. */
export async function buyableVouchers(page: Page, lang: Lang) {
  const { items } = await memberApi<Paged<Voucher>>(page, lang, '/bff/vouchers?limit=100');
  return items.filter(
    (v) =>
      v.unavailableReason === null &&
      v.eligible === true &&
      v.price > 0 &&
      !v.hasPriceOptions &&
      (v.remaining === null || v.remaining >= 8),
  );
}

/** Buy Now from the voucher's page: the sheet, then the checkout screen with its server quote. */
export async function buyNow(page: Page, lang: Lang, voucherId: string, quantity: number) {
  await page.goto(`${prefixOf(lang)}/vouchers/${voucherId}`);
  await page.getByTestId('buy-now').click();
  await page.getByTestId('buy-sheet').waitFor();
  for (let q = 1; q < quantity; q++) await page.getByTestId('buy-quantity-increase').click();
  await expect.poll(() => page.getByTestId('buy-quantity-value').innerText()).toBe(String(quantity));
  await page.getByTestId('buy-sheet-confirm').click();
  await page.waitForURL(`**${prefixOf(lang)}/checkout`);
  await page.getByTestId('checkout-summary').waitFor();
  await page.getByTestId('channel-selected').waitFor();
  // The contact fields are filled from the profile.
  await expect.poll(() => page.getByTestId('checkout-phone').inputValue()).toBe(PHONE_NUMBER);
}

/** Confirm → the order's waiting screen for PromptPay; its id and the sandbox bank page's path. */
export async function confirmToWaiting(page: Page, lang: Lang) {
  expect(await page.getByTestId('channel-selected').innerText()).toContain(
    text(lang, 'payments.channels.promptpay.name'),
  );
  await page.getByTestId('checkout-confirm').click();
  await page.waitForURL(ORDER_PATH);
  const orderId = ORDER_PATH.exec(new URL(page.url()).pathname)?.[1] ?? '';
  expect(new URL(page.url()).pathname).toBe(`${prefixOf(lang)}/checkout/orders/${orderId}`);
  await page.getByTestId('order-waiting').waitFor();
  const href = (await page.getByTestId('order-open-page').getAttribute('href')) ?? '';
  // The gateway's page opens in the member's language.
  expect(href).toMatch(
    lang === 'th' ? /^\/sandbox\/pay\/chrg_sbx_[0-9a-f]+\?lang=th$/ : /^\/sandbox\/pay\/chrg_sbx_[0-9a-f]+$/,
  );
  const payPath = href.split('?')[0] ?? '';
  return { orderId, payPath };
}

/** Opens the sandbox bank page in the member's language and gives `answer`; back on the order screen. */
export async function answerAtBank(
  page: Page,
  lang: Lang,
  payPath: string,
  orderId: string,
  answer: string,
  shotName?: string,
) {
  await page.goto(`${payPath}?lang=${lang}`);
  expect(await page.locator('html').getAttribute('lang')).toBe(lang);
  if (shotName) await screenshot(page, shotName);
  await page.getByRole('button', { name: text(lang, answer), exact: true }).click();
  await page.waitForURL((url) => url.pathname === `${prefixOf(lang)}/checkout/orders/${orderId}`);
}

/**
 * Whether a CSS colour reads as green: a success colour, wrong for "Nothing was charged" on a payment
 * that failed, was cancelled or expired (a member would read it as "paid").
 */
export const isGreen = (colour: string) => {
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  return g > r + 40 && g > b + 20;
};

/**
 * Saves the page for people to look at, pictures loaded. A page taller than the phone gets a second
 * picture of its first screen: a full-page capture draws the fixed bars (bottom navigation, the
 * wallet's actions) in the middle of the page, not where the member sees them.
 */
export async function shot(page: Page, name: string) {
  await loadLazyImages(page);
  await screenshot(page, name);
  const tall = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 1);
  if (tall) await viewportScreenshot(page, `${name}-screen`);
}
