import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import {
  buyableVouchers,
  buyToWallet,
  memberApi,
  prefixOf,
  shot,
  type Lang,
  type Paged,
} from './support/shop.ts';
import { newMember } from './support/signin.ts';

/*
 * Issue 11 in a phone's browser: a purchase credits points and the member card moves; the points buy a
 * privilege, which lands in the wallet with its own code; that item is used until it is Used; both
 * history screens show every movement. Real API, real jobs, the sandbox bank; nothing stubbed.
 */

type Privilege = {
  id: string;
  title: string;
  pointsCost: number;
  remaining: number | null;
  unavailableReason: string | null;
  eligible: boolean | null;
};
type Points = { balance: number; tier: string; expiries: { points: number }[] };
type WalletItem = {
  id: string;
  kind: string;
  privilegeId: string | null;
  usageLimit: number | null;
  usedCount: number;
  status: string;
};
type HistoryEntry = { kind: 'purchase' | 'use' | 'points'; id: string };

/** A voucher to buy and a privilege its points pay for, in at most five units. */
async function voucherAndPrivilege(page: Page, lang: Lang) {
  const vouchers = (await buyableVouchers(page, lang)).filter((v) => v.pointsEarned > 0);
  const { items } = await memberApi<Paged<Privilege>>(page, lang, '/bff/privileges?limit=100');
  const privileges = items
    .filter((p) => p.unavailableReason === null && p.eligible === true && (p.remaining ?? 99) > 4)
    .sort((a, b) => a.pointsCost - b.pointsCost);
  for (const privilege of privileges)
    for (const voucher of [...vouchers].sort((a, b) => b.pointsEarned - a.pointsEarned)) {
      const quantity = Math.ceil(privilege.pointsCost / voucher.pointsEarned);
      if (quantity <= 5) return { voucher, privilege, quantity };
    }
  throw new Error('no voucher in the demo catalogue earns a privilege in five units');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'th'] as const)('using and earning in %s', (lang: Lang) => {
  const prefix = prefixOf(lang);
  let opened: Page | undefined;

  afterEach(async () => {
    await opened?.context().close();
    opened = undefined;
  });

  it('buy → points on the member card → a privilege for points → used until Used → both histories', async () => {
    // A member of its own for each try: CI's retry must not meet the points of a first try.
    const page = (opened = await newMember(browser, prefix, `earn-${lang}`));
    // A new member: no points, the first tier.
    await page.goto(`${prefix}/profile`);
    const points = page.getByTestId('member-points');
    await points.waitFor();
    expect((await points.innerText()).replace(/\D/g, '')).toBe('0');
    const tierBefore = await page.getByTestId('member-tier').innerText();

    // The purchase: enough units of one voucher for the privilege (through the member's API: the
    // buying screens are the buying journey's).
    const { voucher, privilege, quantity } = await voucherAndPrivilege(page, lang);
    const orderId = await buyToWallet(page, lang, voucher.id, quantity);
    const earned = voucher.pointsEarned * quantity;

    // The member card: the points, and the progress toward the next tier.
    await page.goto(`${prefix}/profile`);
    await expect.poll(async () => Number((await points.innerText()).replace(/\D/g, ''))).toBe(earned);
    const summary = await memberApi<Points>(page, lang, '/bff/points');
    expect(summary.balance).toBe(earned);
    expect(await page.getByTestId('member-tier').innerText()).toBe(tierBefore);
    await page.getByTestId('member-progress').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-earning-profile`);

    // The privilege for points: Use Now → the confirmation with the cost and the balance after → the wallet.
    await page.goto(`${prefix}/privileges/${privilege.id}`);
    await page.getByTestId('use-now').click();
    const confirm = page.getByTestId('redeem-confirm');
    await confirm.waitFor();
    // The points arrive with the dialog's own query: the figures fill in once they are here.
    await expect
      .poll(async () => (await page.getByTestId('redeem-balance-after').innerText()).replace(/\D/g, ''))
      .toBe(String(earned - privilege.pointsCost));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-earning-redeem-confirm`);
    await page.getByTestId('redeem-confirm-button').click();
    await page.waitForURL(new RegExp(`${prefix}/wallet/[0-9a-f-]{36}$`));
    const itemId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const item = await memberApi<WalletItem>(page, lang, `/bff/wallet/${itemId}`);
    expect(item.kind).toBe('privilege');
    expect(item.privilegeId).toBe(privilege.id);
    expect((await memberApi<Points>(page, lang, '/bff/points')).balance).toBe(earned - privilege.pointsCost);

    // Redeem Now shows the code to the counter; Mark as used there takes one use, as the server
    // counts, until Used.
    await page.getByTestId('redeem-now').click();
    await page.getByTestId('code-screen').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-earning-code-screen`);
    await page.getByTestId('code-screen-close').click();
    const limit = item.usageLimit ?? 1;
    for (let used = 1; used <= limit; used++) {
      await page.getByTestId('redeem-now').click();
      await page.getByTestId('use').click();
      await page.getByTestId('use-confirm').waitFor();
      if (used === 1) await shot(page, `${lang}-earning-use-confirm`);
      await page.getByTestId('use-confirm').click();
      await expect
        .poll(async () => (await memberApi<WalletItem>(page, lang, `/bff/wallet/${itemId}`)).usedCount)
        .toBe(used);
    }
    await page.getByTestId('used').waitFor();
    expect(await page.getByTestId('used').isDisabled()).toBe(true);
    expect((await memberApi<WalletItem>(page, lang, `/bff/wallet/${itemId}`)).status).toBe('used');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-earning-used`);

    // Privileges history: the earned points waiting to lapse, then the earn and the burn of today.
    await page.goto(`${prefix}/privileges/history`);
    await page.getByTestId('expiry-row').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-earning-expiring`);
    await page.getByTestId('tab-history').click();
    const movements = page.getByTestId('movement-points');
    await expect.poll(() => movements.count()).toBe(2);
    const signed = (await movements.allInnerTexts()).map((s) => s.replace(/[^\d+−-]/g, ''));
    expect(signed.sort()).toEqual([`+${earned}`, `−${privilege.pointsCost}`].sort());
    expect(await page.getByTestId('history-note').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-earning-points-history`);

    // Transaction History: the purchase, the uses and the points movements, each from the server.
    await page.goto(`${prefix}/profile/history`);
    await page.getByTestId('history-list').waitFor();
    const all = await memberApi<Paged<HistoryEntry>>(page, lang, '/bff/orders/histories?limit=50');
    expect(all.items.filter((e) => e.kind === 'purchase')).toHaveLength(1);
    expect(all.items.filter((e) => e.kind === 'use')).toHaveLength(limit);
    expect(all.items.filter((e) => e.kind === 'points')).toHaveLength(2);
    for (const kind of ['purchase', 'use', 'points'] as const)
      await expect
        .poll(() => page.getByTestId(`history-${kind}`).count())
        .toBe(all.items.filter((e) => e.kind === kind).length);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-earning-transactions`);

    // The purchase row opens its order.
    await page.getByTestId('history-purchase').first().click();
    await page.waitForURL(`**${prefix}/checkout/orders/${orderId}`);
  }, 150_000);
});
