import { chromium, type Browser, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM } from './chromium.ts';

export const baseUrl = () => inject('baseUrl');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export async function newPage(browser: Browser, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), locale: 'en-US' });
  return context.newPage();
}

const shotsDir = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots');

/** Saves a full-page screenshot for people to look at (artifacts/ is git-ignored). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  const { width } = page.viewportSize() ?? PHONE;
  await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
}

/** Serious and critical accessibility violations on the current page. */
export async function seriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Polls the test SMTP inbox for the newest sign-in code sent to `email`. */
export async function otpFromInbox(email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${inject('inboxUrl')}/?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()) as { subject: string; text: string; receivedAt: number }[];
    const latest = mails.filter((m) => m.receivedAt > after).at(-1);
    // The code stands alone on its line (an address in the text may hold digits of its own).
    const code = latest?.text.match(/^\d{6}$/m)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code reached ${email}`);
}

export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
