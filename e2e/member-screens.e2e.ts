import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, settleAnimations, uniqueEmail } from './support/browser.ts';
import {
  buyableVouchers,
  buyToWallet,
  memberApi,
  prefixOf,
  shot,
  text,
  type Lang,
  type Paged,
} from './support/shop.ts';
import { newMember } from './support/signin.ts';
import { smallTapTargets } from './support/tap-targets.ts';

/*
 * Every screen a member can open, in a phone's browser (390×844), signed in, in English and Thai,
 * against the production build `npm start` serves: no text on any of them is a raw locale key
 * (`notFound.title`), and everything a member can tap is at least 44×44 CSS px. One member, set up
 * once with a paid voucher in the wallet, lines in the cart and notifications, walks them all.
 */

const root = join(import.meta.dirname, '..');
const webSrc = join(root, 'apps', 'web', 'src');
const en = JSON.parse(readFileSync(join(root, 'locales', 'en.json'), 'utf8')) as Record<string, unknown>;

/**
 * A raw key as i18next prints one it cannot find: a top-level section of the locale files, a dot, then
 * more of the path (`notFound.title`, `wallet.detail.copyCode`, `cart.units_other`).
 */
const RAW_KEY = new RegExp(`(?<![\\w@.-])(?:${Object.keys(en).join('|')})\\.[A-Za-z_][\\w.]*\\w`, 'g');

/** What a member reads on the page or hears from a screen reader: text, labels, alternatives, title. */
async function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

const rawKeysOn = async (page: Page) => [
  ...new Set((await readableTexts(page)).flatMap((t) => t.match(RAW_KEY) ?? [])),
];

/**
 * The screen has its data: nothing loading, the network quiet, then a moment to draw it. (`pause` 0
 * where a screenshot follows: it scrolls the page through and waits for its pictures first.)
 */
async function settle(page: Page, pause = 300) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'), undefined, {
    timeout: 15_000,
  });
  if (pause) await page.waitForTimeout(pause);
}

type Screen = { name: string; open: (page: Page, lang: Lang) => Promise<void> };
const at =
  (path: string) =>
  async (page: Page, lang: Lang): Promise<void> => {
    await page.goto(`${prefixOf(lang)}${path}`);
  };

let browser: Browser;
let member: Page;
/** Addresses of things the member set-up made, for the screens that show one. */
const made = { voucher: '', privilege: '', store: '', walletItem: '', order: '' };

beforeAll(async () => {
  browser = await launchBrowser();
});

// The set-up is a test of its own: the shopping helpers wait with expect.poll, which runs only in one.
it('a member with a paid voucher in the wallet, notifications and two lines in the cart', async () => {
  member = await newMember(browser, '', 'screens');
  const vouchers = await buyableVouchers(member, 'en');
  const [bought, ...others] = vouchers;
  if (!bought) throw new Error('no buyable voucher in the demo catalogue');
  made.voucher = bought.id;
  made.store = bought.merchant.id;
  const privileges = await memberApi<Paged<{ id: string }>>(member, 'en', '/bff/privileges?limit=1');
  made.privilege = privileges.items[0]?.id ?? '';
  // Two vouchers of other stores in the cart, through the API (the cart screen is measured, not used).
  const token = await member.evaluate(() => localStorage.getItem('accessToken'));
  const cartLines = others.filter((v) => v.merchant.id !== bought.merchant.id).slice(0, 2);
  const res = await fetch(`${baseUrl()}/bff/cart/addItems`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: cartLines.map((v) => ({ voucherId: v.id, quantity: 1 })) }),
  });
  expect(res.status, 'cart lines added').toBe(200);
  // A paid voucher in the wallet, which also brings notifications (bought through the member's API:
  // the buying screens are the buying journey's).
  made.order = await buyToWallet(member, 'en', bought.id, 1);
  const wallet = await memberApi<Paged<{ id: string }>>(member, 'en', '/bff/wallet');
  made.walletItem = wallet.items[0]?.id ?? '';
}, 180_000);

afterAll(async () => {
  await member?.context().close();
  await browser?.close();
});

const memberScreens: Screen[] = [
  { name: 'home', open: at('/home') },
  { name: 'home-privileges', open: at('/home?tab=privilege') },
  { name: 'home-coupons', open: at('/home?tab=coupon') },
  { name: 'home-stores', open: at('/home?tab=store') },
  { name: 'home-search', open: at('/home?q=coffee') },
  { name: 'vouchers', open: at('/vouchers') },
  { name: 'voucher', open: (page, lang) => at(`/vouchers/${made.voucher}`)(page, lang) },
  { name: 'privileges', open: at('/privileges') },
  { name: 'privilege', open: (page, lang) => at(`/privileges/${made.privilege}`)(page, lang) },
  { name: 'store', open: (page, lang) => at(`/stores/${made.store}`)(page, lang) },
  {
    name: 'cart',
    open: async (page, lang) => {
      await page.goto(`${prefixOf(lang)}/cart`);
      await page.getByTestId('cart-line').first().waitFor();
    },
  },
  {
    name: 'checkout',
    open: async (page, lang) => {
      await page.goto(`${prefixOf(lang)}/cart`);
      await page.getByTestId('cart-line').first().waitFor();
      // The selection is kept on the device: the other language's run may have made it already.
      const all = page.locator('[data-testid="cart-select-all"]');
      if (!(await all.isChecked())) await all.click();
      await page.getByTestId('cart-checkout').click();
      await page.waitForURL(`**${prefixOf(lang)}/checkout`);
      await page.getByTestId('checkout-summary').waitFor();
    },
  },
  {
    name: 'order',
    open: async (page, lang) => {
      await page.goto(`${prefixOf(lang)}/checkout/orders/${made.order}`);
      await page.getByTestId('order-success').waitFor();
    },
  },
  { name: 'wallet', open: at('/wallet') },
  {
    name: 'wallet-item',
    open: async (page, lang) => {
      expect(made.walletItem, 'a voucher in the wallet').not.toBe('');
      await page.goto(`${prefixOf(lang)}/wallet/${made.walletItem}`);
    },
  },
  { name: 'notifications', open: at('/notifications') },
  { name: 'profile', open: at('/profile') },
  { name: 'profile-edit', open: at('/profile/edit') },
  { name: 'profile-history', open: at('/profile/history') },
  { name: 'privileges-history', open: at('/privileges/history') },
  { name: 'not-found', open: at('/notifications/abc') },
];

/** A dialog or sheet a member opens on a screen: opened, it answers something inside it. */
type Dialog = { name: string; open: (page: Page, lang: Lang) => Promise<Locator> };
const tapOn =
  (path: () => string, button: string, inside: string) =>
  async (page: Page, lang: Lang): Promise<Locator> => {
    await page.goto(`${prefixOf(lang)}${path()}`);
    await settle(page, 0);
    await page.getByTestId(button).first().click();
    return page.getByTestId(inside);
  };
const onCheckout = (button: string, inside: string) => async (page: Page, lang: Lang) => {
  await screenOf('checkout').open(page, lang);
  await page.getByTestId(button).click();
  return page.getByTestId(inside);
};
const screenOf = (name: string) => {
  const found = memberScreens.find((s) => s.name === name);
  if (!found) throw new Error(`no screen ${name}`);
  return found;
};

const dialogs: Dialog[] = [
  { name: 'buy-sheet', open: tapOn(() => `/vouchers/${made.voucher}`, 'add-to-cart', 'buy-sheet') },
  { name: 'filter', open: tapOn(() => '/vouchers', 'open-filter', 'filter-apply') },
  { name: 'code-screen', open: tapOn(() => `/wallet/${made.walletItem}`, 'redeem-now', 'code-screen') },
  {
    name: 'mark-used',
    open: async (page, lang) => {
      const codeScreen = await tapOn(
        () => `/wallet/${made.walletItem}`,
        'redeem-now',
        'code-screen',
      )(page, lang);
      // Its dialog open and still first: a tap during its opening animation may not reach the button.
      await codeScreen.waitFor();
      await settleAnimations(page);
      await page.getByTestId('use').click();
      return page.getByTestId('use-text');
    },
  },
  { name: 'member-card', open: tapOn(() => '/profile', 'show-member-card', 'member-card-code') },
  { name: 'log-out', open: tapOn(() => '/profile', 'menu-logout', 'logout-confirm') },
  { name: 'cart-delete', open: tapOn(() => '/cart', 'cart-line-remove', 'cart-delete-text') },
  { name: 'coupons', open: onCheckout('coupon-open', 'coupon-picker') },
  { name: 'payment-methods', open: onCheckout('channel-change', 'channel-picker') },
  {
    name: 'notification',
    open: tapOn(() => '/notifications', 'notification-item', 'notification-detail'),
  },
  { name: 'read-all', open: tapOn(() => '/notifications', 'read-all', 'read-all-text') },
];

describe.each(['en', 'th'] as const)('every member screen in %s', (lang) => {
  it.each(memberScreens.map((s) => [s.name, s] as const))(
    '%s: no raw keys, every tap target at least 44×44',
    async (name, screen) => {
      await screen.open(member, lang);
      await settle(member, 0);
      expect(await member.locator('html').getAttribute('lang')).toBe(lang);
      await shot(member, `${lang}-screens-${name}`);
      expect.soft(await rawKeysOn(member), `raw keys on ${name}`).toEqual([]);
      expect.soft(await smallTapTargets(member), `tap targets under 44×44 on ${name}`).toEqual([]);
    },
  );

  it('sign-in (signed out): no raw keys, every tap target at least 44×44, both steps', async () => {
    const visitor = await newPage(browser);
    try {
      await visitor.goto(`${prefixOf(lang)}/signin`);
      await settle(visitor);
      expect.soft(await rawKeysOn(visitor)).toEqual([]);
      expect.soft(await smallTapTargets(visitor)).toEqual([]);
      // An address of its own: the other language's run may ask within the 60 s a code must wait.
      await visitor.getByTestId('signin-email').fill(uniqueEmail(`screens-visitor-${lang}`));
      await visitor.getByTestId('signin-submit').click();
      await visitor.getByTestId('otp-0').waitFor();
      await shot(visitor, `${lang}-screens-signin-code`);
      expect.soft(await rawKeysOn(visitor), 'raw keys on the code step').toEqual([]);
      expect.soft(await smallTapTargets(visitor), 'tap targets on the code step').toEqual([]);
    } finally {
      await visitor.context().close();
    }
  });

  it.each(dialogs.map((d) => [d.name, d] as const))(
    'dialog %s: no raw keys, every tap target in it at least 44×44',
    async (name, dialog) => {
      const inside = await dialog.open(member, lang);
      await inside.waitFor();
      await settle(member, 0);
      await shot(member, `${lang}-screens-dialog-${name}`);
      expect.soft(await rawKeysOn(member), `raw keys with ${name} open`).toEqual([]);
      expect.soft(await smallTapTargets(member, inside), `tap targets under 44×44 in ${name}`).toEqual([]);
      await member.keyboard.press('Escape');
      await inside.waitFor({ state: 'hidden' });
    },
  );

  it('an unknown address: a not-found screen in the language, with header, bottom bar and a way home', async () => {
    for (const path of ['/notifications/abc', '/no/such/page']) {
      await member.goto(`${prefixOf(lang)}${path}`);
      await settle(member);
      const main = member.locator('main');
      expect(await main.locator('h1').innerText()).toBe(text(lang, 'notFound.title'));
      expect(await main.innerText()).toContain(text(lang, 'notFound.text'));
      expect(await member.title()).toContain(text(lang, 'notFound.title'));
      await member.locator('header').getByTestId(`lang-${lang}`).waitFor();
      await member.getByTestId('nav-home').waitFor();
      // No tab is the current one: /notifications/abc is not the Inbox.
      expect(await member.locator('nav [aria-current="page"]').count()).toBe(0);
      await main.getByRole('link', { name: text(lang, 'common.backToHome') }).click();
      await member.waitForURL((url) => url.pathname === `${prefixOf(lang)}/home`);
    }
  });
});

/** Every text of a part of a locale file. */
const leaves = (tree: unknown): string[] =>
  typeof tree === 'string'
    ? [tree]
    : typeof tree === 'object' && tree !== null
      ? Object.values(tree).flatMap(leaves)
      : [];

describe('the build', () => {
  /** Every module that adds a screen's texts, with the locale sections it adds. */
  const textsModules = () => {
    const files = readdirSync(webSrc, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    return files.flatMap((file) => {
      const code = readFileSync(join(webSrc, file), 'utf8');
      const sections = /from 'virtual:locale\/([\w+]+)'/.exec(code)?.[1];
      return sections && /\baddTexts\(/.test(code) ? [{ file, sections: sections.split('+') }] : [];
    });
  };

  it("keeps every screen's texts: each texts module's sections are in the code the browser gets", () => {
    const assets = join(root, 'apps', 'web', 'dist', 'assets');
    const code = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n');
    const modules = textsModules();
    expect(modules.length).toBeGreaterThan(5);
    const dropped = modules.flatMap(({ file, sections }) =>
      sections
        // The section's longest plain text, quoted as the build writes it (`Page not found`).
        .filter((s) => {
          const plain = leaves(en[s])
            .filter((v) => /^[\w ,.!?:-]+$/.test(v))
            .sort((a, b) => b.length - a.length)[0];
          return plain === undefined || !['"', "'", '`'].some((q) => code.includes(`${q}${plain}${q}`));
        })
        .map((s) => `${relative(root, join(webSrc, file))}: ${s}`),
    );
    expect(dropped).toEqual([]);
  });
});
