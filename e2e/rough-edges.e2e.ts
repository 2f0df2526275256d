import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { catalogueGet, viewportScreenshot } from './support/catalogue.ts';
import { memberPage } from './support/session.ts';
import { buyableVouchers, buyNow, text } from './support/shop.ts';

// The rough edges a new member met on the first screens, each checked where the member meets it.

const TEXT = {
  en: {
    required: 'Email is required',
    invalid: 'Invalid email format',
    from: 'On sale from',
    until: 'On sale until',
    missing: 'Please fill in all required information',
    stillMissing: 'First name, Last name, Date of birth',
    firstName: 'First name',
  },
  th: {
    required: 'กรุณากรอกอีเมล',
    invalid: 'รูปแบบอีเมลไม่ถูกต้อง',
    from: 'เปิดขายตั้งแต่',
    until: 'เปิดขายถึง',
    missing: 'กรุณากรอกข้อมูลที่จำเป็นให้ครบถ้วน',
    stillMissing: 'ชื่อ, นามสกุล, วันเกิด',
    firstName: 'ชื่อ,',
  },
} as const;
const prefixOf = (lang: 'en' | 'th') => (lang === 'th' ? '/th' : '');

/** Chromium's Thai dictionary splits the last word: "ทุกขนาด" ("any size") becomes "ทุกข" + "นาด". */
const TITLE = 'กาแฟลาเต้เย็น 1 แก้ว ทุกขนาด';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The element's text as it is laid out: one string per line (each character placed by its box). */
const renderedLines = (title: Locator) =>
  title.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const lines: string[] = [];
    let top: number | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      for (let i = 0; i < text.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const rect = range.getBoundingClientRect();
        // Combining marks have no box of their own: they stay on their letter's line.
        const y = Math.round(rect.top);
        if (rect.width > 0 && (top === null || y > top + 4)) lines.push('');
        if (rect.width > 0) top = y;
        lines.push((lines.pop() ?? '') + text.data[i]);
      }
    }
    return lines.map((l) => l.trim());
  });

/** The text of the field's messages under the e-mail box (antd's explain area). */
/** The messages the e-mail field points screen readers to (its aria-describedby): what it says. */
const emailMessages = async (page: Page) => {
  const ids = (await page.getByTestId('signin-email').getAttribute('aria-describedby'))?.split(' ') ?? [];
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).allInnerTexts()))).flat();
};

describe.each(['en', 'th'] as const)("forms show only the app's messages (%s)", (lang) => {
  const text = TEXT[lang];

  it('sign-in: a malformed address gets "Invalid email format" from the app, and it goes once fixed', async () => {
    const page = await newPage(browser);
    await page.goto(`${prefixOf(lang)}/signin`);
    await page.getByTestId('signin-submit').click();
    await expect.poll(() => emailMessages(page)).toEqual([text.required]);

    await page.getByTestId('signin-email').fill('not-an-email@');
    await page.getByTestId('signin-submit').click();
    // The browser's own check would stop the submit before our rules run and keep the stale message.
    await expect.poll(() => emailMessages(page)).toEqual([text.invalid]);
    expect(
      await page.getByTestId('signin-email').evaluate((el) => (el as HTMLInputElement).form?.noValidate),
    ).toBe(true);
    await viewportScreenshot(page, `${lang}-signin-malformed-email`);

    for (const bad of ['a@b', 'a b@example.com', '@example.com', 'name@exa mple.com']) {
      await page.getByTestId('signin-email').fill(bad);
      await expect.poll(() => emailMessages(page), { message: bad }).toEqual([text.invalid]);
    }
    await page.getByTestId('signin-email').fill('somchai@example.com');
    await expect.poll(() => emailMessages(page)).toEqual([]);
    await page.context().close();
  });

  it('edit profile: the summary lists what is still missing at every save; no Latin letter in the empty avatar', async () => {
    // A new member signed in (through the API: the sign-in screens are the auth journey's), profile
    // still empty: the app sends them to Edit profile.
    const page = await memberPage(browser, lang, `summary-${lang}`, { complete: false });
    await page.goto(`${prefixOf(lang)}/profile`);
    await page.waitForURL(/\/profile\/edit$/);
    const avatar = page.getByTestId('member-avatar');
    expect((await avatar.innerText()).trim()).toBe('');
    expect(await avatar.locator('.anticon-user').count()).toBe(1);

    const summary = page.getByTestId('profile-form-error');
    await page.getByTestId('profile-save').click();
    await expect.poll(() => summary.innerText()).toContain(text.missing);
    await page.getByTestId('profile-email').fill('not-an-email@');
    await page.getByTestId('profile-phone-number').fill('0812');
    await page.getByTestId('profile-save').click();
    await page.waitForTimeout(300);
    expect(await summary.innerText()).toBe(`${text.missing}: ${text.stillMissing}`);
    await expect.poll(() => page.getByText(text.invalid).count()).toBe(1);
    await viewportScreenshot(page, `${lang}-edit-profile-second-save`);

    // Filling a field takes it off the list at once.
    await page.getByTestId('profile-first-name').fill('Malee');
    await expect.poll(() => summary.innerText()).not.toContain(text.firstName);
    await page.context().close();
  });
});

describe('leaving and reading', () => {
  it('Log Out ends on plain /signin', async () => {
    const page = await memberPage(browser, 'en', 'logout');
    await page.goto('/profile');
    await page.getByTestId('menu-logout').click();
    await page.getByTestId('logout-confirm').click();
    await page.waitForURL(/\/signin/);
    await page.getByTestId('signin-email').waitFor();
    await page.waitForTimeout(500); // a late redirect would show here
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe('/signin');
    await page.context().close();
  });

  it.each(['en', 'th'] as const)('voucher detail lists its sale dates in time order (%s)', async (lang) => {
    type Page1 = { items: { id: string; unavailableReason: string | null }[] };
    // A voucher not on sale yet that also has an end date: both lines show, so their order is tested.
    let upcoming: string | undefined;
    for (let p = 1; !upcoming && p <= 20; p++) {
      const page1 = await catalogueGet<Page1>(`/bff/vouchers?limit=50&page=${p}`);
      for (const v of page1.items.filter((i) => i.unavailableReason === 'not_started')) {
        const detail = await catalogueGet<{ saleEndsAt: string | null }>(`/bff/vouchers/${v.id}`);
        if (detail.saleEndsAt) {
          upcoming = v.id;
          break;
        }
      }
      if (page1.items.length < 50) break;
    }
    expect(upcoming, 'the demo catalogue has a voucher not on sale yet, with an end date').toBeDefined();
    const page = await newPage(browser);
    await page.goto(`${prefixOf(lang)}/vouchers/${upcoming}`);
    await page.getByText(TEXT[lang].from).waitFor();
    const lines = await page.locator('li').allInnerTexts();
    const from = lines.findIndex((l) => l.startsWith(TEXT[lang].from));
    const until = lines.findIndex((l) => l.startsWith(TEXT[lang].until));
    expect(from).toBeGreaterThanOrEqual(0);
    expect(until).toBeGreaterThan(from);
    await page.context().close();
  });
});

describe('search and filters agree', () => {
  it('a home search drops the hidden category from the address; emptying the field ends the search', async () => {
    const [category] = await catalogueGet<{ slug: string }[]>('/bff/categories');
    const page = await newPage(browser);
    await page.goto(`/home?category=${category!.slug}`);
    await page.getByTestId('search-input').fill('zzqxv');
    await page.getByTestId('search-input').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'zzqxv');
    expect(new URL(page.url()).searchParams.get('category')).toBeNull();
    await page.getByTestId('search-results').waitFor();

    await page.getByTestId('search-input').fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await page.getByTestId('all-vouchers').waitFor();
    expect(await page.getByTestId('search-results').count()).toBe(0);

    // An old link with both shows the search, and its address loses the category it ignores.
    await page.goto(`/home?category=${category!.slug}&q=zzqxv`);
    await page.getByTestId('search-results').waitFor();
    await page.waitForURL((url) => !url.searchParams.has('category'));
    await page.context().close();
  });
});

describe('Thai line breaking', () => {
  it('breaks a card title between phrases, never inside a word, at every card width', async () => {
    const page = await newPage(browser);
    await page.goto(`/th/home?q=${encodeURIComponent('ลาเต้เย็น')}`);
    const card = page.getByTestId('search-results').getByTestId('voucher-card').filter({ hasText: TITLE });
    await card.first().waitFor();
    const title = card.first().getByRole('heading', { level: 3 });
    await page.evaluate(() => document.fonts.ready);
    await viewportScreenshot(page, 'thai-line-breaks-th', card.first());

    const phrases = TITLE.split(' ');
    const seen = new Set<string>();
    for (let width = 110; width <= 260; width += 5) {
      await title.evaluate((el, w) => {
        (el as HTMLElement).style.width = `${w}px`;
      }, width);
      const lines = await renderedLines(title);
      seen.add(lines.join(' / '));
      // Every line is made of whole phrases of the title.
      for (const line of lines)
        expect(
          line.split(' ').every((p) => phrases.includes(p)),
          `${width}px: ${lines.join(' / ')}`,
        ).toBe(true);
    }
    // The widths did make the title wrap in different places.
    expect(seen.size).toBeGreaterThan(1);
    await page.context().close();
  });

  it('breaks the PromptPay description between phrases, never inside "ใดก็ได้", in checkout and its list', async () => {
    const page = await memberPage(browser, 'th', 'thai-breaks');
    const [voucher] = await buyableVouchers(page, 'th');
    if (!voucher) throw new Error('no voucher to buy');
    await buyNow(page, 'th', voucher.id, 1);
    const description = text('th', 'payments.channels.promptpay.description');
    const phrases = description.split(' ');
    const wholePhrases = (lines: string[]) =>
      lines.every((l) => l.split(' ').every((p) => phrases.includes(p)));
    const shown = page.getByTestId('channel-description');
    await page.evaluate(() => document.fonts.ready);
    expect(await shown.innerText()).toBe(description);
    // From the narrowest width the longest phrase fits in (narrower, a phrase has to wrap inside) upwards.
    const longest = await page.evaluate((words) => {
      const probe = document.createElement('span');
      const shownText = document.querySelector('[data-testid="channel-description"]');
      probe.style.cssText = 'position:absolute;white-space:nowrap';
      if (shownText) probe.style.font = getComputedStyle(shownText).font;
      document.body.append(probe);
      const widths = words.map((w) => ((probe.textContent = w), probe.getBoundingClientRect().width));
      probe.remove();
      return Math.ceil(Math.max(...widths));
    }, phrases);
    const seen = new Set<string>();
    for (let width = longest + 2; width <= longest + 160; width += 8) {
      await shown.evaluate((el, w) => {
        (el as HTMLElement).style.width = `${w}px`;
      }, width);
      const lines = await renderedLines(shown);
      seen.add(lines.join(' / '));
      expect(wholePhrases(lines), `${width}px: ${lines.join(' / ')}`).toBe(true);
    }
    expect(seen.size).toBeGreaterThan(1);
    await shown.evaluate((el) => {
      (el as HTMLElement).style.width = '';
    });
    await viewportScreenshot(page, 'thai-line-breaks-promptpay-th', page.getByTestId('channel-change'));
    // The same text in the list of payment methods.
    await page.getByTestId('channel-change').click();
    const option = page.getByTestId('channel-option-description').filter({ hasText: phrases[0] ?? '' });
    await option.waitFor();
    for (let width = longest + 2; width <= longest + 160; width += 16) {
      await option.evaluate((el, w) => {
        (el as HTMLElement).style.width = `${w}px`;
      }, width);
      const lines = await renderedLines(option);
      expect(wholePhrases(lines), `list, ${width}px: ${lines.join(' / ')}`).toBe(true);
    }
    await page.context().close();
  });
});
