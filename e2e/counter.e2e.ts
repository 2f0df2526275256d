import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeQrVideo } from './fixtures/counter/qr-video.ts';
import { adminPage, DEV_OWNER_EMAIL } from './support/admin-owner.ts';
import { baseUrl, launchBrowser, screenshot, seriousA11yViolations, uniqueEmail } from './support/browser.ts';
import { CHROMIUM } from './support/chromium.ts';
import { COMPLETE_PROFILE, memberPage } from './support/session.ts';
import { buyableVouchers, buyToWallet, memberApi, type Paged, type Voucher } from './support/shop.ts';

/*
 * The shop's counter in a browser with a camera: Chromium's fake camera plays a picture of the member's
 * wallet QR code (a .y4m written here from the code the member's wallet holds). Store staff of the
 * voucher's store sign in on a phone, land on the counter, the code is read from the camera (the
 * WebAssembly reader: Chromium on Linux has no BarcodeDetector of its own), and Confirm records one use —
 * once: the code still in front of the camera is not taken again. Staff of another store scanning the
 * same code are refused, in their language, and nothing is used.
 */

const PHONE_360 = { width: 360, height: 740 };
const BASE_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type WalletItem = { id: string; voucherId: string | null; usedCount: number; usageLimit: number | null };
type WalletDetail = WalletItem & { code: string };

let browser: Browser;
let camera: Browser;
let member: Page;
let voucher: Voucher;
let item: WalletDetail;

/** Calls /admin/api as the staff member signed in on `page` (the back office keeps its token per tab). */
async function adminCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('privileges.admin.token'));
  const res = await fetch(`${baseUrl()}/admin/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !answer.success)
    throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

const usedCount = async () =>
  (await memberApi<WalletDetail>(member, 'th', `/bff/wallet/${item.id}`)).usedCount;

let here: string;
let elsewhere: string;
let otherStoreId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await memberPage(browser, 'th', 'counter-member');
  const vouchers = await buyableVouchers(member, 'th');
  const all = await memberApi<Paged<Voucher>>(member, 'th', '/bff/vouchers?limit=100');
  const found = vouchers.find((v) => all.items.some((o) => o.merchant.id !== v.merchant.id));
  if (!found) throw new Error('the demo catalogue has no buyable voucher and another store');
  voucher = found;
  otherStoreId = all.items.find((o) => o.merchant.id !== voucher.merchant.id)!.merchant.id;

  // The owner adds two store-staff accounts: one for the voucher's store, one for another store.
  const { page: owner } = await adminPage(browser, DEV_OWNER_EMAIL, 'en');
  here = uniqueEmail('counter-here');
  elsewhere = uniqueEmail('counter-elsewhere');
  await adminCall(owner, 'POST', '/staff', {
    email: here,
    name: 'สมชาย ขายดี',
    role: 'store_staff',
    storeIds: [voucher.merchant.id],
    language: 'th',
  });
  await adminCall(owner, 'POST', '/staff', {
    email: elsewhere,
    name: 'Somsak Elsewhere',
    role: 'store_staff',
    storeIds: [otherStoreId],
    language: 'en',
  });
  await owner.context().close();
});

afterAll(async () => {
  await camera?.close();
  await member?.context().close();
  await browser?.close();
});

/** The member buys the voucher; a browser whose camera shows the wallet's QR code for it. */
async function memberShowsCode() {
  await buyToWallet(member, 'th', voucher.id);
  const wallet = await memberApi<Paged<WalletItem>>(member, 'th', '/bff/wallet?limit=100');
  const bought = wallet.items.find((w) => w.voucherId === voucher.id)!;
  item = await memberApi<WalletDetail>(member, 'th', `/bff/wallet/${bought.id}`);
  expect(item.usedCount).toBe(0);
  const video = writeQrVideo(item.code, join(mkdtempSync(join(tmpdir(), 'e2e-counter-')), 'wallet-qr.y4m'));
  // The fake camera allows itself (no prompt) and plays the file in a loop.
  camera = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...BASE_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

describe('the shop counter', () => {
  it('store staff scan the member’s QR code with the camera and redeem it once', async () => {
    await memberShowsCode();
    // Thai for the store's own staff (the counter's default).
    const { page } = await adminPage(camera, here, 'th', PHONE_360);
    // The store-staff role lands on the counter.
    await page.waitForURL(/\/admin\/counter$/);
    await page.getByRole('heading', { name: 'เคาน์เตอร์ร้าน', level: 1 }).waitFor();
    // The code is read from the camera: the voucher, the member's first name and uses left show.
    const found = page.getByTestId('counter-found');
    await found.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => found.getByTestId('counter-member').textContent())
      .toBe(COMPLETE_PROFILE.firstName);
    expect(await found.getByTestId('counter-voucher').textContent()).toBeTruthy();
    const limit = item.usageLimit;
    expect(await found.getByTestId('counter-uses').textContent()).toBe(
      limit === null ? 'ไม่จำกัดจำนวนครั้ง' : `${limit} จาก ${limit} ครั้ง`,
    );
    await screenshot(page, 'counter-found-th');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await usedCount()).toBe(0);

    // Confirm (tapped twice, as at a busy counter): one use.
    const confirm = page.getByRole('button', { name: 'ยืนยันการใช้ 1 ครั้ง' });
    await confirm.dblclick();
    const success = page.getByTestId('counter-success');
    await success.waitFor();
    await success.getByRole('heading', { name: 'ใช้สิทธิ์เรียบร้อยแล้ว' }).waitFor();
    await screenshot(page, 'counter-success-th');
    expect(await usedCount()).toBe(1);

    // Ready for the next customer; the same code still in front of the camera is not taken again.
    await page.getByRole('button', { name: 'ลูกค้าคนถัดไป' }).click();
    await page.getByTestId('counter-scan').waitFor();
    await page.waitForTimeout(2_500);
    expect(await page.getByTestId('counter-found').count()).toBe(0);
    expect(await page.getByTestId('counter-refused').count()).toBe(0);
    expect(await usedCount()).toBe(1);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_360.width,
    );
  }, 240_000);

  it('the same code at another store’s counter is refused, in that staff member’s language', async () => {
    const { page } = await adminPage(camera, elsewhere, 'en', PHONE_360);
    await page.waitForURL(/\/admin\/counter$/);
    const refused = page.getByTestId('counter-refused');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.getAttribute('data-reason')).toBe('counter_wrong_store');
    await refused.getByRole('heading', { name: 'Not for this store' }).waitFor();
    await refused.getByText('This voucher is for another store. Nothing was used.').waitFor();
    await screenshot(page, 'counter-wrong-store-en');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await usedCount()).toBe(1);
  }, 240_000);
});
