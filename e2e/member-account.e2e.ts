import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, seriousA11yViolations, uniqueEmail } from './support/browser.ts';
import { catalogueGet } from './support/catalogue.ts';
import {
  answerAtBank,
  buyableVouchers,
  memberApi,
  prefixOf,
  shot,
  text,
  type Lang,
  type Paged,
} from './support/shop.ts';
import { newMember, requestCode, typeCode } from './support/signin.ts';

/*
 * A member's own screens in a phone's browser, in English and Thai: the sign-in code (the sixth digit
 * signs in; a wrong code empties the boxes), a new member brought back to the privilege they tapped Use
 * Now on once the profile is saved, the points beside privileges (Use Now says what is missing), the
 * member card's two figures, and the two history screens — every voucher of an order, and dates as
 * day/month/year with the Buddhist-era year in Thai. Real API, real mail, the sandbox bank.
 */

type Privilege = {
  id: string;
  title: string;
  pointsCost: number;
  tier: string | null;
  unavailableReason: string | null;
};
type Points = {
  balance: number;
  earnedInWindow: number;
  nextTier: { tier: string; pointsRequired: number; pointsNeeded: number } | null;
  expiries: { date: string; points: number }[];
};
type Order = { id: string; total: number; payment: { authorizeUri: string | null } | null };

/** A locale text with its placeholders filled, as i18next writes it. */
const say = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  text(lang, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** Day/month/year, with the Buddhist-era year in Thai. */
const DATE = { en: /^\d{2}\/\d{2}\/20\d{2}$/, th: /^\d{2}\/\d{2}\/25\d{2}$/ };
const DATE_TIME = { en: /^\d{2}\/\d{2}\/20\d{2} \d{2}:\d{2}$/, th: /^\d{2}\/\d{2}\/25\d{2} \d{2}:\d{2}$/ };

/** Sends a call with a body as the member signed in on `page`. */
async function memberSend<T>(page: Page, method: 'POST' | 'PATCH', path: string, body: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !answer.success) throw new Error(`${method} ${path} → ${res.status}`);
  return answer.data;
}

/** Whether the element with `testId` has the keyboard focus. */
const focused = (page: Page, testId: string) =>
  page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'th'] as const)('a member’s own screens in %s', (lang: Lang) => {
  const prefix = prefixOf(lang);
  let opened: Page | undefined;
  afterEach(async () => {
    await opened?.context().close();
    opened = undefined;
  });

  it('Use Now as a visitor → the code signs in at its sixth digit → the profile → back at the privilege, which says how many points are missing', async () => {
    const { items } = await catalogueGet<Paged<Privilege>>('/bff/privileges?limit=100', lang);
    const privilege = items.find((p) => p.unavailableReason === null && p.tier === null && p.pointsCost > 0);
    if (!privilege) throw new Error('the demo catalogue has no privilege open to every member');
    const page = (opened = await newPage(browser));
    await page.goto(`${prefix}/privileges/${privilege.id}`);
    await page.getByTestId('use-now').click();
    await page.waitForURL(`**${prefix}/signin?redirect=${encodeURIComponent(`/privileges/${privilege.id}`)}`);

    const code = await requestCode(page, uniqueEmail(`return-${lang}`));
    // Every box takes the phone's one-time-code autofill and opens the number pad.
    for (let i = 0; i < 6; i++) {
      const box = page.getByTestId(`otp-${i}`);
      expect(await box.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await box.getAttribute('inputmode')).toBe('numeric');
    }
    // A wrong code is sent at its sixth digit, refused, and the boxes are emptied with the first focused.
    await typeCode(page, code === '000000' ? '111111' : '000000');
    await expect.poll(() => page.locator('body').innerText()).toContain(text(lang, 'errors.otp_invalid'));
    await expect
      .poll(() => Promise.all([0, 1, 2, 3, 4, 5].map((i) => page.getByTestId(`otp-${i}`).inputValue())))
      .toEqual(['', '', '', '', '', '']);
    await expect.poll(() => focused(page, 'otp-0')).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-member-otp-refused`);

    // The right code, pasted whole (as copied from the e-mail, with a space) into a box: it fills all
    // six and signs in, with no Confirm to tap. (Typing it digit by digit is how every other sign-in
    // of these tests goes: support/signin.ts.)
    await page.getByTestId('otp-2').evaluate(
      (box, pasted) => {
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        box.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      `${code.slice(0, 3)} ${code.slice(3)}`,
    );
    await page.waitForURL(
      `**${prefix}/profile/edit?redirect=${encodeURIComponent(`/privileges/${privilege.id}`)}`,
    );
    await page.getByTestId('profile-first-name').fill('Malee');
    await page.getByTestId('profile-last-name').fill('Suksan');
    await page.getByTestId('profile-phone-number').fill('0812345678');
    await page.getByTestId('profile-dob').click();
    await page.keyboard.type('01/01/1995');
    await page.keyboard.press('Enter');
    await page.getByTestId('profile-save').click();
    // Save goes back to the privilege the member tapped Use Now on, not to the profile.
    await page.waitForURL((url) => url.pathname === `${prefix}/privileges/${privilege.id}`);

    // No points yet: the balance shows, and Use Now is disabled with what is missing beside it.
    const balance = page.getByTestId('points-balance');
    await expect
      .poll(() => balance.innerText())
      .toContain(say(lang, 'catalogue.points.balance_other', { points: 0 }));
    const useNow = page.getByTestId('use-now');
    expect(await useNow.isDisabled()).toBe(true);
    const missing = say(lang, `catalogue.points.needMore_${privilege.pointsCost === 1 ? 'one' : 'other'}`, {
      points: grouped(privilege.pointsCost),
    });
    expect(await page.getByTestId('points-short').innerText()).toBe(missing);
    expect(await useNow.getAttribute('aria-describedby')).toBe('use-now-short');
    // Tapping the disabled button opens no confirmation with a negative balance.
    await useNow.click({ force: true });
    await page.waitForTimeout(300);
    expect(await page.getByTestId('redeem-confirm').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-member-privilege-short`);

    // The list shows the same balance, with the way to the points history.
    await page.goto(`${prefix}/privileges`);
    await expect
      .poll(() => balance.innerText())
      .toContain(say(lang, 'catalogue.points.balance_other', { points: 0 }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-member-privileges-list`);
  }, 120_000);

  it('an order of two vouchers: every voucher in Transaction History, dates day/month/year, and a member card whose numbers add up', async () => {
    const page = (opened = await newMember(browser, prefix, `account-${lang}`));
    // Two vouchers that earn points: one unit of the first, two of the second, in one cart order.
    const [first, second] = (await buyableVouchers(page, lang)).filter((v) => v.pointsEarned > 0);
    if (!first || !second) throw new Error('the demo catalogue has too few vouchers that earn points');
    await memberSend(page, 'POST', '/bff/cart/addItems', {
      items: [
        { voucherId: first.id, quantity: 1 },
        { voucherId: second.id, quantity: 2 },
      ],
    });
    const cart = await memberApi<{ items: { id: string; voucher: { id: string } }[] }>(
      page,
      lang,
      '/bff/cart',
    );
    const lineOf = (voucherId: string) => cart.items.find((i) => i.voucher.id === voucherId)?.id;
    const { email } = await memberApi<{ email: string }>(page, lang, '/auth/users/profile');
    const order = await memberSend<Order>(page, 'POST', '/bff/orders/cart', {
      cartItemIds: [lineOf(first.id), lineOf(second.id)],
      phone: '0812345678',
      email,
      channelCode: 'promptpay',
    });
    const payPath = new URL(order.payment?.authorizeUri ?? '', baseUrl()).pathname;
    await answerAtBank(page, lang, payPath, order.id, 'sandbox.promptpay.approve');
    await page.getByTestId('order-success').waitFor();

    // Transaction History: the order names both vouchers, its time as day/month/year and Bangkok time.
    await page.goto(`${prefix}/profile/history`);
    const purchase = page.getByTestId('history-purchase');
    await purchase.first().waitFor();
    expect(await purchase.count()).toBe(1);
    // The row shows what the whole order cost: one of the first and two of the second, no coupon.
    expect(order.total).toBe(first.price + 2 * second.price);
    expect(await purchase.innerText()).toContain(`฿${grouped(order.total)}`);
    // The lines in the order's own order (a cart order keeps the cart's), as the API gives them.
    const history = await memberApi<Paged<{ kind: string; items?: { voucherId: string; title: string }[] }>>(
      page,
      lang,
      '/bff/orders/histories?type=purchase',
    );
    const lines = history.items[0]?.items ?? [];
    const quantityOf = (voucherId: string) => (voucherId === first.id ? 1 : 2);
    expect(lines.map((l) => l.voucherId).sort()).toEqual([first.id, second.id].sort());
    const [lead] = lines;
    expect(await purchase.innerText()).toContain(
      say(lang, 'history.purchase.andMore_one', { title: lead?.title ?? '', count: 1 }),
    );
    expect(await page.getByTestId('history-purchase-lines').innerText()).toBe(
      lines
        .map((l) =>
          say(lang, 'history.purchase.line', {
            quantity: quantityOf(l.voucherId),
            title: l.voucherId === first.id ? first.title : second.title,
          }),
        )
        .join('\n'),
    );
    for (const when of await page.locator('[data-testid^="history-"] time').allInnerTexts())
      expect(when).toMatch(DATE_TIME[lang]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-member-transactions`);

    // The member card: what can be spent, what the tier counts, and what is left — and they add up.
    const points = await memberApi<Points>(page, lang, '/bff/points');
    expect(points.balance).toBeGreaterThan(0);
    await page.goto(`${prefix}/profile`);
    const card = page.getByTestId('member-points');
    await expect
      .poll(() => card.innerText())
      .toBe(say(lang, 'profile.card.points_other', { points: grouped(points.balance) }));
    const next = points.nextTier;
    if (next) {
      expect(points.earnedInWindow + next.pointsNeeded).toBe(next.pointsRequired);
      expect(await page.getByTestId('member-earned').innerText()).toBe(
        say(lang, 'profile.card.earned', {
          earned: grouped(points.earnedInWindow),
          required: grouped(next.pointsRequired),
        }),
      );
      expect(await page.getByTestId('member-progress').innerText()).toContain(
        say(lang, `profile.card.toNext_${next.pointsNeeded === 1 ? 'one' : 'other'}`, {
          points: grouped(next.pointsNeeded),
          tier: text(lang, `catalogue.tiers.${next.tier}`),
        }),
      );
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-member-card`);

    // Privileges history: the expiry date, then the earn's date and time, day/month/year.
    await page.goto(`${prefix}/privileges/history`);
    const expiry = page.getByTestId('expiry-row').first();
    await expiry.waitFor();
    const expiryText = await expiry.innerText();
    const [prefixText] = text(lang, 'history.privileges.expiresOn').split('{{date}}');
    const date =
      expiryText
        .split(prefixText ?? '')[1]
        ?.split('\n')[0]
        ?.trim() ?? '';
    expect(date).toMatch(DATE[lang]);

    // Only an expiry near its end is marked, with the label and colours of a voucher ending soon: 2 days
    // away urgent, 20 days a warning, 2 years plain (the amounts are never in the alarm colour). The
    // server's expiries are swapped for these three (same shape: a Bangkok day, its last moment).
    const bangkokDay = (days: number) =>
      new Date(Date.now() + (7 + days * 24) * 3_600_000).toISOString().slice(0, 10);
    const expiriesIn = [2, 20, 730].map((days, i) => ({
      date: bangkokDay(days),
      expiresAt: `${bangkokDay(days)}T16:59:59.999Z`,
      points: 100 + i,
    }));
    await page.route('**/bff/points', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Points };
      await route.fulfill({ response: res, json: { ...body, data: { ...body.data, expiries: expiriesIn } } });
    });
    await page.reload();
    const rows = page.getByTestId('expiry-row');
    await expect.poll(() => rows.count()).toBe(3);
    const looks = await rows.evaluateAll((els) =>
      els.map((row) => {
        const label = row.querySelector<HTMLElement>('[data-testid="status-label"]');
        const amount = row.lastElementChild as HTMLElement;
        const danger = getComputedStyle(document.documentElement).getPropertyValue('--danger').trim();
        const probe = document.createElement('span');
        probe.style.color = danger;
        document.body.append(probe);
        const dangerRgb = getComputedStyle(probe).color;
        probe.remove();
        return {
          label: label?.innerText ?? null,
          labelColor: label ? getComputedStyle(label).color : null,
          amountIsDanger: getComputedStyle(amount).color === dangerRgb,
        };
      }),
    );
    expect(looks.map((l) => l.label)).toEqual([
      say(lang, 'catalogue.status.expiresIn_other', { count: 2 }),
      say(lang, 'catalogue.status.expiresIn_other', { count: 20 }),
      null,
    ]);
    // Urgent and warning are two different colours; no amount is alarm red.
    expect(looks[0]?.labelColor).not.toBe(looks[1]?.labelColor);
    expect(looks.map((l) => l.amountIsDanger)).toEqual([false, false, false]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-member-expiring`);
    await page.unroute('**/bff/points');
    await page.getByTestId('tab-history').click();
    await page.getByTestId('movement-row').first().waitFor();
    for (const when of await page.locator('[data-testid="movement-row"] time').allInnerTexts())
      expect(when).toMatch(DATE_TIME[lang]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `${lang}-member-points-history`);
  }, 150_000);
});
