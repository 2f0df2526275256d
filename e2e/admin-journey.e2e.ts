import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { adminPage, DEV_OWNER_EMAIL } from './support/admin-owner.ts';
import { COMPLETE_PROFILE, memberPage } from './support/session.ts';
import {
  answerAtBank,
  buyNow,
  confirmToWaiting,
  memberApi,
  memberSend,
  remainingOf,
  type Paged,
} from './support/shop.ts';

/*
 * The back office's whole loop in a browser, through its real screens: the development owner creates a
 * store and a Thai voucher with a picture, publishes it; a member on a Thai phone finds it by search,
 * buys it with PromptPay at the sandbox bank and has it in the wallet; the owner refunds the order with
 * a reason; the member's side shows the refund (wallet, points history, notification, stock).
 * Signing in (owner and member) is set-up here: it happens before the timed test.
 */

let browser: Browser;
let owner: Page;
let member: Page;
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const STORE = `ร้านทดสอบ ${tag}`;
const TITLE = `บัตรกำนัลทดสอบ กาแฟเย็น ${tag}`;
const REASON = 'Customer asked to cancel: bought by mistake';
const SHOTS = '/tmp/journey-shots';
const MEMBER_NAME = { firstName: 'สมหญิง', lastName: 'รักกาแฟ' };

const shoot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
};

/** A small solid PNG (16×16, coffee brown), made here so the test needs no fixture file. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill([111, 78, 55]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(size).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Picks an option of the antd select under the form label `label` in `scope`: the one holding `text`
 * (typed to search), else the first offered. (The select's search box carries no accessible name.)
 */
async function pick(page: Page, scope: Locator, label: string, text?: string) {
  // The picker by its accessible name (its label), as a screen reader finds it; its box holds it.
  const input = scope.getByRole('combobox', { name: label, exact: true });
  const select = scope.locator(`.ant-select:has(#${await input.getAttribute('id')})`);
  await select.click();
  // The picker searches the server as staff type; while it does, it offers nothing to pick.
  if (text) await input.fill(text);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (text ? options.filter({ hasText: text }) : options).first().waitFor();
  // Enter takes the active option (the first one the search left), as a keyboard user picks.
  await input.press('Enter');
  if (text) await expect.poll(() => select.innerText()).toContain(text);
  // Picked: the placeholder ("Type to search") has made way for the name.
  else await expect.poll(() => select.locator('.ant-select-placeholder').count()).toBe(0);
  // The list fades out; the next select's list must not be mistaken for it.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Set-up, outside the test's minute: when the other back-office journey signed the same owner in
  // just before, the sign-in helper waits for the next authenticator step (a code is good once).
  [{ page: owner }, member] = await Promise.all([
    adminPage(browser, DEV_OWNER_EMAIL, 'en'),
    memberPage(browser, 'th', 'journey-member'),
  ]);
  // A name of its own: admin.e2e.ts clicks the one "Malee Suksan" link in the back office's member
  // list (the default profile's name), and that list shows every member until its search applies.
  await memberSend(member, 'th', '/auth/users/update', { ...COMPLETE_PROFILE, ...MEMBER_NAME }, 'PATCH');
});
afterAll(async () => {
  await owner?.context().close();
  await member?.context().close();
  await browser?.close();
});

describe('back office journey', () => {
  it('owner publishes a Thai voucher, a member buys it, the owner refunds it, the member sees the refund', async () => {
    try {
      await journey();
    } catch (e) {
      await shoot(owner, 'failed-owner').catch(() => undefined);
      await shoot(member, 'failed-member').catch(() => undefined);
      throw e;
    }
  });
});

async function journey() {
  const image = { name: 'iced-coffee.png', mimeType: 'image/png', buffer: png() };
  const menu = owner.getByRole('navigation', { name: 'Back office' });

  // 1. The owner: Catalogue → Stores → New store.
  await menu.getByText('Catalogue', { exact: true }).click();
  await owner.getByRole('tab', { name: 'Stores' }).click();
  await owner.waitForURL(/\/admin\/catalogue\/stores$/);
  await owner.getByRole('button', { name: 'New store' }).click();
  let drawer = owner.getByRole('dialog');
  await drawer.getByLabel('Name (Thai)').fill(STORE);
  await pick(owner, drawer, 'Category');
  await drawer.locator('input[type=file]').setInputFiles(image);
  await drawer.getByRole('img', { name: 'Picture 1' }).waitFor();
  await drawer.getByRole('button', { name: 'Create' }).click();
  await owner.getByText('Created.', { exact: true }).waitFor();
  await owner.getByRole('row').filter({ hasText: STORE }).waitFor();

  // The voucher: the store, Thai title, a picture, ฿120, 20 in stock, on sale since New Year.
  await owner.getByRole('tab', { name: 'Vouchers' }).click();
  await owner.getByRole('button', { name: 'New voucher' }).click();
  drawer = owner.getByRole('dialog');
  await pick(owner, drawer, 'Store', STORE);
  await pick(owner, drawer, 'Category');
  await drawer.getByLabel('Title (Thai)').fill(TITLE);
  await drawer.locator('input[type=file]').setInputFiles(image);
  await drawer.getByRole('img', { name: 'Picture 1' }).waitFor();
  // By accessible name: the label's text also holds the required mark (hidden from screen readers).
  await drawer.getByRole('spinbutton', { name: 'Price', exact: true }).fill('120');
  await drawer.getByLabel(/^Stock/).fill('20');
  const starts = drawer.getByLabel('Sale starts (Bangkok time)');
  await starts.click();
  await starts.fill('01/01/2026 00:00');
  await starts.press('Enter');
  await expect.poll(() => starts.inputValue()).toBe('01/01/2026 00:00');
  await shoot(owner, '1-owner-new-voucher');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await owner.getByText('Created as a draft. Publish it when it is ready.').waitFor();

  // Publish from the list's row.
  await owner.getByRole('searchbox', { name: 'Search voucher titles (English or Thai)' }).fill(TITLE);
  await owner.getByRole('searchbox', { name: 'Search voucher titles (English or Thai)' }).press('Enter');
  const row = owner.getByRole('row').filter({ hasText: TITLE });
  await row.getByRole('cell', { name: 'Draft', exact: true }).waitFor();
  await expect.poll(() => owner.getByRole('row').filter({ hasText: 'บัตรกำนัล' }).count()).toBe(1);
  await row.getByRole('button', { name: 'Actions' }).click();
  await owner.getByRole('menuitem', { name: 'Publish' }).click();
  await owner.getByText('Published: members see it now.').waitFor();
  await row.getByRole('cell', { name: 'Published', exact: true }).waitFor();
  expect(await row.innerText()).toContain('฿120');
  await shoot(owner, '2-owner-published');

  // 2. The member, Thai, on a phone: search, the voucher's page, Buy Now, PromptPay at the bank.
  await member.goto('/th/home');
  await member.getByTestId('search-input').fill(TITLE);
  await member.getByTestId('search-input').press('Enter');
  const results = member.getByTestId('search-results');
  await results.getByTestId('voucher-card').filter({ hasText: TITLE }).click();
  await member.waitForURL(/\/th\/vouchers\/[0-9a-f-]{36}$/);
  const voucherId = member.url().split('/').at(-1) ?? '';
  await member.getByText('เหลือเพียง 20 ชิ้น').waitFor();
  await shoot(member, '3-member-voucher');
  await buyNow(member, 'th', voucherId, 1);
  const { orderId, payPath } = await confirmToWaiting(member, 'th');
  await answerAtBank(member, 'th', payPath, orderId, 'sandbox.promptpay.approve');
  await member.getByTestId('order-success').waitFor();
  await member.getByTestId('order-wallet').click();
  await member.waitForURL('**/th/wallet');
  await member.getByTestId('wallet-card').filter({ hasText: TITLE }).waitFor();
  await shoot(member, '4-member-wallet');
  type Item = { voucherId: string; orderNumber: string };
  const bought = (await memberApi<Paged<Item>>(member, 'th', '/bff/wallet')).items.filter(
    (w) => w.voucherId === voucherId,
  );
  expect(bought).toHaveLength(1);
  const number = bought[0]!.orderNumber;
  const points = async () => (await memberApi<{ balance: number }>(member, 'th', '/bff/points')).balance;
  expect(await points()).toBeGreaterThan(0);
  expect(await remainingOf(member, 'th', voucherId)).toBe(19);

  // 3. The owner: Orders → the order by its number → Refund with a reason.
  await menu.getByText('Orders', { exact: true }).click();
  await owner.getByLabel('Order no.').fill(number);
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  await owner.getByRole('link', { name: number }).click();
  await owner.getByRole('heading', { name: `Order ${number}` }).waitFor();
  await owner.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByText('1 unit will be refunded.').waitFor();
  await dialog.getByLabel('Reason').fill(REASON);
  await shoot(owner, '5-owner-refund-dialog');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await owner.getByText('Refunded ฿120').first().waitFor();
  const refund = owner.getByRole('row').filter({ hasText: REASON });
  await refund.getByRole('cell', { name: 'Refunded', exact: true }).waitFor();
  await refund.getByRole('cell', { name: DEV_OWNER_EMAIL }).waitFor();
  await shoot(owner, '6-owner-refunded');
  // The orders list shows the order Refunded.
  await owner.getByRole('link', { name: 'All orders' }).click();
  await owner.getByLabel('Order no.').fill(number);
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  const listed = owner.getByRole('row').filter({ has: owner.getByRole('link', { name: number }) });
  await listed.getByRole('cell', { name: 'Refunded', exact: true }).waitFor();

  // 4. The member: the wallet no longer holds it, the points went back, a notification says so,
  //    and the stock is back to 20.
  await member.goto('/th/wallet');
  await member.getByTestId('empty-state').waitFor();
  expect(await member.getByTestId('wallet-card').filter({ hasText: TITLE }).count()).toBe(0);
  await shoot(member, '7-member-wallet-after');
  expect(await points()).toBe(0);
  await member.goto('/th/privileges/history');
  await member.getByTestId('tab-history').click();
  const movements = member.getByTestId('movement-row');
  await movements.filter({ hasText: 'คืนพอยท์' }).waitFor();
  await movements.filter({ hasText: 'ได้รับพอยท์' }).waitFor();
  await shoot(member, '8-member-points-history');
  await member.goto('/th/notifications');
  const refunded = member.getByTestId('notification-item').filter({ hasText: 'คืนเงินแล้ว' });
  await refunded.waitFor();
  expect(await refunded.innerText()).toContain(number);
  await shoot(member, '9-member-notifications');
  await member.goto(`/th/vouchers/${voucherId}`);
  await member.getByText('เหลือเพียง 20 ชิ้น').waitFor();
}
