import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import {
  buyableVouchers,
  buyToWallet,
  memberApi,
  prefixOf,
  shot,
  text,
  type Lang,
  type Voucher,
} from './support/shop.ts';
import { newMember } from './support/signin.ts';
import { smallTapTargets } from './support/tap-targets.ts';

/*
 * The wallet at the counter, in a phone's browser: three of one voucher are one card "×3" that opens to
 * the three; a voucher's screen keeps its code behind Redeem Now, which shows code, barcode and QR with
 * a countdown, and Mark as used there asks first, saying what it does. Every tap target on these
 * screens is at least 44×44 CSS px. One member per language, who buys what the wallet then holds.
 */

type VoucherDetail = Voucher & {
  usageLimit: number | null;
  limitPerOrder: number | null;
  limitPerMember: number | null;
  category: { slug: string };
};
type WalletItem = {
  id: string;
  voucherId: string;
  code: string;
  usedCount: number;
  usageLimit: number | null;
};

/** "2 uses left" in the member's language. */
const usesLeft = (lang: Lang, n: number) =>
  text(lang, n === 1 ? 'wallet.usage.left_one' : 'wallet.usage.left_other').replace('{{count}}', String(n));

/**
 * `quantity` of a voucher in the wallet, bought through the member's API and paid at the sandbox bank:
 * the wallet is what is tested here, the buying screens are the buying journey's.
 */
const buy = (page: Page, lang: Lang, voucherId: string, quantity: number) =>
  buyToWallet(page, lang, voucherId, quantity);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'th'] as const)('the wallet at the counter in %s', (lang) => {
  const prefix = prefixOf(lang);
  let page: Page;
  let pass: VoucherDetail;
  let single: VoucherDetail;

  beforeAll(async () => {
    page = await newMember(browser, prefix, `wallet-${lang}`);
    // A voucher used a few times per code (bought three times), and one of another category.
    const details: VoucherDetail[] = [];
    for (const v of (await buyableVouchers(page, lang)).slice(0, 24))
      details.push(await memberApi<VoucherDetail>(page, lang, `/bff/vouchers/${v.id}`));
    const three = (limit: number | null) => limit === null || limit >= 3;
    const limited = details.filter(
      (d) => d.usageLimit !== null && d.usageLimit >= 2 && three(d.limitPerOrder) && three(d.limitPerMember),
    );
    pass = limited.find((d) => d.usageLimit === 3) ?? (limited[0] as VoucherDetail);
    single = details.find(
      (d) => d.category.slug !== pass?.category.slug && d.id !== pass?.id,
    ) as VoucherDetail;
  }, 180_000);
  afterAll(async () => {
    await page?.context().close();
  });

  it('three of one voucher are one card ×3 that opens to the three, each with its own code; filters and sort still work', async () => {
    expect(pass, 'a buyable voucher with several uses per code').toBeDefined();
    expect(single, 'a buyable voucher of another category').toBeDefined();
    // (Bought here, not in beforeAll: the purchase helpers poll with expect.)
    await buy(page, lang, pass.id, 3);
    await buy(page, lang, single.id, 1);

    await page.goto(`${prefix}/wallet`);
    const list = page.getByTestId('wallet-list');
    await list.waitFor();
    const groups = list.getByTestId('wallet-group');
    const cards = list.getByTestId('wallet-card');
    await expect.poll(() => groups.count()).toBe(1);
    expect(await cards.count()).toBe(1);
    expect(await groups.getAttribute('data-count')).toBe('3');
    expect(await groups.getByTestId('group-count').innerText()).toBe('×3');
    expect(await groups.getByRole('heading').innerText()).toContain(pass.title.slice(0, 10));
    expect(await cards.getByRole('heading').innerText()).toContain(single.title.slice(0, 10));
    // The count says vouchers (four), the list shows two entries.
    expect(await page.getByTestId('wallet-count').innerText()).toBe(
      text(lang, 'wallet.count_other').replace('{{number}}', '4'),
    );
    // Newest first: the single one was bought last.
    const order = () => list.locator('[data-testid="wallet-group"], [data-testid="wallet-card"]');
    expect(await order().first().getAttribute('data-testid')).toBe('wallet-card');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await smallTapTargets(page, page.locator('main'))).toEqual([]);
    await shot(page, `${lang}-wallet-list`);

    // Oldest first: the three come first, still one card.
    await page.getByTestId('wallet-sort').selectOption('oldest');
    await page.waitForURL(/sort=oldest/);
    await expect.poll(async () => order().first().getAttribute('data-testid')).toBe('wallet-group');
    expect(await order().count()).toBe(2);

    // A category: only its vouchers, a group whole.
    await page.getByTestId(`chip-${pass.category.slug}`).click();
    await expect.poll(() => cards.count()).toBe(0);
    expect(await groups.getAttribute('data-count')).toBe('3');
    await page.getByTestId('chip-all').click();
    await expect.poll(() => cards.count()).toBe(1);

    // The Used tab: nothing used yet, the empty state as before.
    await page.getByTestId('status-used').click();
    await page.getByTestId('empty-state').waitFor();
    expect(await page.getByTestId('empty-state').innerText()).toContain(
      text(lang, 'wallet.empty.used.title'),
    );
    await page.getByTestId('status-active').click();
    await groups.waitFor();

    // The group opened: the three, each its own voucher with its own code.
    await groups.click();
    await page.waitForURL(/[?&]group=v~/);
    expect(await page.getByTestId('group-title').innerText()).toContain('×3');
    const three = page.getByTestId('wallet-card');
    await expect.poll(() => three.count()).toBe(3);
    const ids = await three.evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
    const items = await Promise.all(ids.map((id) => memberApi<WalletItem>(page, lang, `/bff/wallet/${id}`)));
    expect(items.every((w) => w.voucherId === pass.id)).toBe(true);
    expect(new Set(items.map((w) => w.code)).size).toBe(3);
    expect(await three.first().getByTestId('card-facts').innerText()).toContain(
      usesLeft(lang, pass.usageLimit ?? 0),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await smallTapTargets(page, page.locator('main'))).toEqual([]);
    await shot(page, `${lang}-wallet-group`);

    // Back: the list as it was left.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('group='));
    await page.getByTestId('wallet-group').waitFor();
  }, 180_000);

  it('Redeem Now is the one way to the code; Mark as used there asks first and says what it does', async () => {
    const items = await memberApi<{ items: WalletItem[] }>(
      page,
      lang,
      `/bff/wallet?status=active&sort=oldest`,
    );
    const first = items.items.find((w) => w.voucherId === pass.id);
    // The list carries no codes: the item's own read does.
    const item = await memberApi<WalletItem>(page, lang, `/bff/wallet/${first?.id ?? ''}`);
    const limit = pass.usageLimit ?? 0;
    await page.goto(`${prefix}/wallet/${item.id}`);
    await page.getByTestId('wallet-voucher').waitFor();

    // Before Redeem Now: no code, barcode or QR; one action, saying what it does.
    expect(await page.getByTestId('voucher-code').count()).toBe(0);
    expect(await page.getByTestId('barcode').count()).toBe(0);
    expect(await page.getByTestId('qr-code').count()).toBe(0);
    const actions = page.getByTestId('wallet-actions').getByRole('button');
    expect(await actions.allInnerTexts()).toEqual([text(lang, 'wallet.detail.redeemNow')]);
    if (lang === 'th') {
      // The two actions in words a shop counter tells apart: show the code here; confirm it was used.
      expect(text('th', 'wallet.detail.redeemNow')).toBe('แสดงรหัสที่ร้าน');
      expect(text('th', 'wallet.detail.use')).toBe('ยืนยันว่าใช้แล้ว');
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await smallTapTargets(page, page.locator('main'))).toEqual([]);
    await shot(page, `${lang}-wallet-detail`);

    // Redeem Now: the code, its barcode and QR, the uses left and the time it stays up.
    await page.getByTestId('redeem-now').click();
    const screen = page.getByTestId('code-screen');
    await screen.waitFor();
    expect(await screen.getByTestId('voucher-code').getAttribute('data-code')).toBe(item.code);
    expect(await screen.getByTestId('barcode').locator('rect, path').count()).toBeGreaterThan(10);
    expect(await screen.getByTestId('qr-code').evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(await screen.getByTestId('code-screen-timer').innerText()).toMatch(/0[45]:\d\d/);
    expect(await screen.getByTestId('use').innerText()).toBe(text(lang, 'wallet.detail.use'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await smallTapTargets(page, screen)).toEqual([]);
    await shot(page, `${lang}-wallet-code-screen`);

    // Mark as used asks first, saying it is for after the shop accepted the code and cannot be undone.
    await screen.getByTestId('use').click();
    const confirmText = page.getByTestId('use-text');
    await confirmText.waitFor();
    expect(await confirmText.innerText()).toBe(
      text(lang, 'wallet.use.textLimited_other').replace('{{count}}', String(limit)),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await smallTapTargets(page, confirmText)).toEqual([]);
    await shot(page, `${lang}-wallet-mark-used`);

    // Not yet: nothing spent, the code still up.
    await page.getByTestId('use-cancel').click();
    await confirmText.waitFor({ state: 'hidden' });
    expect(await screen.isVisible()).toBe(true);
    expect((await memberApi<WalletItem>(page, lang, `/bff/wallet/${item.id}`)).usedCount).toBe(0);

    // Confirmed: one use, as the server counts it; the code screen closes onto the detail.
    await screen.getByTestId('use').click();
    await page.getByTestId('use-confirm').click();
    await screen.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await memberApi<WalletItem>(page, lang, `/bff/wallet/${item.id}`)).usedCount)
      .toBe(1);
    await expect
      .poll(() => page.getByTestId('usage-banner').innerText())
      .toContain(usesLeft(lang, limit - 1));
    expect(await page.getByTestId('redeem-now').isVisible()).toBe(true);
    await shot(page, `${lang}-wallet-after-use`);
  }, 90_000);
});
