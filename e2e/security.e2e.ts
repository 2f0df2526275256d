import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  DESKTOP,
  baseUrl,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
  takeCspViolations,
} from './support/browser.ts';
import { memberPage } from './support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the Content-Security-Policy in the browser', () => {
  it('refuses a script injected into the page, and the harness notices', async () => {
    const page = await newPage(browser);
    await page.goto('/home');
    await page.getByTestId('recommended').waitFor();
    expect(takeCspViolations()).toEqual([]);

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
    });
    await expect.poll(() => takeCspViolations().join('\n')).toMatch(/script-src(-elem)? blocked inline/);
    expect(await page.evaluate(() => 'injected' in window || '__injected' in window)).toBe(false);
    await page.context().close();
  });

  it('cannot be framed by another page', async () => {
    const page = await newPage(browser);
    await page.setContent(`<iframe src="${baseUrl()}/home" title="framed"></iframe>`);
    await page.waitForTimeout(1500);
    const framed = page.frames().find((f) => f !== page.mainFrame());
    // The blocked frame is Chromium's error page: the app's #root never appears in it.
    expect(framed).toBeDefined();
    expect(await framed?.locator('#root').count()).toBe(0);
    takeCspViolations(); // the refusal itself is expected here
    await page.context().close();
  });
});

describe('the API docs', () => {
  it('work under the same policy', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto('/docs');
    const health = page.locator('.opblock-summary').filter({ hasText: '/health' }).first();
    // Swagger UI draws only the operations near the view in a long document: scroll until it is drawn.
    await page.locator('.opblock-summary').first().waitFor();
    for (let i = 0; i < 200 && (await health.count()) === 0; i++) await page.mouse.wheel(0, 800);
    await health.click();
    await page.getByRole('button', { name: 'Try it out' }).first().click();
    await page.getByRole('button', { name: 'Execute' }).first().click();
    await page.locator('.live-responses-table .response-col_status').first().waitFor();
    await page.context().close();
  });
});

describe('the sign-in redirect', () => {
  it('sends a member home when the target hides another site behind the locale prefix', async () => {
    // A signed-in member with a complete profile (signed in through the API: what is tested is where
    // the sign-in screen sends a member it finds signed in).
    const page = await memberPage(browser, 'en', 'redirect-attack');

    for (const [url, home] of [
      ['/signin?redirect=%2Fth%2F%2Fevil.example%2Fwallet', /\/home$/],
      ['/th/signin?redirect=%2Fth%2F%2Fevil.example%2Fwallet', /\/th\/home$/],
      ['/signin?redirect=%2Fth%2Fth%2F%255C%255Cevil.example', /\/home$/],
    ] as const) {
      await page.goto(url);
      await page.waitForURL(home);
      await page.getByTestId('recommended').waitFor();
      expect(await page.getByTestId('app-error').count(), url).toBe(0);
      expect(await page.getByText('Unexpected Application Error').count(), url).toBe(0);
    }
    await page.context().close();
  });
});

describe('the app error screen', () => {
  for (const lang of ['en', 'th'] as const) {
    it(`replaces the router's default page in ${lang}, with a way home`, async () => {
      const page = await newPage(browser);
      const prefix = lang === 'th' ? '/th' : '';
      // A screen whose code throws as it runs: a fault of the page. (Code that cannot be downloaded is a
      // connection problem, with a notice of its own that retries — the offline-screens file's.)
      await page.route('**/assets/vouchers-*.js', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("a broken screen");' }),
      );
      await page.goto(`${prefix}/vouchers`);
      await page.getByTestId('app-error').waitFor();
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
      const title = lang === 'th' ? 'ขออภัย เกิดข้อผิดพลาด' : 'Something went wrong';
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `${lang}-app-error`);

      await page.getByTestId('app-error-home').click();
      await page.waitForURL(`**${prefix}/home`);
      await page.getByTestId('recommended').waitFor();
      await page.context().close();
    });
  }
});
