import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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

/** Lighthouse's default phone (Moto G Power): its viewport, pixel ratio and touch. */
export const LIGHTHOUSE_PHONE = { width: 412, height: 823 };
export const LIGHTHOUSE_DEVICE = { deviceScaleFactor: 1.75, isMobile: true };

export async function newPage(
  browser: Browser,
  viewport = PHONE,
  device: { deviceScaleFactor?: number; isMobile?: boolean } = {},
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Page> {
  // The member app's service worker runs only where a file asks for it (the offline files, which share a
  // lane); elsewhere it is blocked, as on a first visit: journeys must not depend on it, its background
  // precache would load the shared machine in every context, and a worker registered while
  // offline-wallet changes the built sw.js would show "Update available" over another test's screen.
  const context = await browser.newContext({
    viewport,
    ...device,
    baseURL: baseUrl(),
    locale: 'en-US',
    serviceWorkers,
  });
  await watchContentSecurityPolicy(context);
  return context.newPage();
}

// Kept on globalThis: the setup file that asserts on it and the test files must see one list.
const CSP_VIOLATIONS = Symbol.for('e2e.cspViolations');
const violations = ((globalThis as Record<symbol, string[] | undefined>)[CSP_VIOLATIONS] ??= []);

/**
 * Records every Content-Security-Policy violation in the context's pages. The page's own
 * `securitypolicyviolation` event is the reliable signal (Chromium's "Refused to …" console lines do
 * not all reach Playwright's console event); console lines naming the policy are kept as well.
 */
async function watchContentSecurityPolicy(context: BrowserContext) {
  await context.exposeBinding('__e2eCspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __e2eCspViolation: (text: string) => void }).__e2eCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on('console', (message) => {
    if (/content[- ]security[- ]policy/i.test(message.text())) {
      violations.push(`${message.page()?.url() ?? '?'}: console ${message.type()}: ${message.text()}`);
    }
  });
}

/** The violations recorded since the last call (and forgets them). `csp-guard.ts` asserts none per test. */
export const takeCspViolations = (): string[] => violations.splice(0);

const shotsDir = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots');

/** Saves a full-page screenshot for people to look at (artifacts/ is git-ignored). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  const { width } = page.viewportSize() ?? PHONE;
  await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
}

/**
 * Waits for the animations that end (a dialog fading in; not a spinner's or a skeleton's, which never
 * do) to finish, for 2 s at the most (a toast's timer bar runs for seconds).
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/** Serious and critical accessibility violations on the current page. */
export async function seriousA11yViolations(page: Page) {
  // axe reads colours as they are painted: a dialog still fading in fails contrast.
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Polls the test SMTP inbox for the newest sign-in code sent to `email` and received after `after`.
 * A code's mail may be sent by a background job a while after the request that made the code was
 * answered (later still on a busy machine), so the wait is generous; a code that never comes fails.
 */
export async function otpFromInbox(email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${inject('inboxUrl')}/?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()) as { subject: string; text: string; receivedAt: number }[];
    const latest = mails.filter((m) => m.receivedAt > after).at(-1);
    // The code stands alone on its line (an address in the text may hold digits of its own).
    const code = latest?.text.match(/^\d{6}$/m)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code reached ${email} within 60 s`);
}

export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
