import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, PHONE, seriousA11yViolations, uniqueEmail } from './support/browser.ts';
import { adminPage, DEV_OWNER_EMAIL } from './support/admin-owner.ts';
import { memberPage } from './support/session.ts';

/*
 * The back office in a browser, through its real screens and API: the development owner signs
 * in (e-mailed code from the inbox, then the authenticator code computed from the secret shown at
 * enrolment), finds a member, adjusts points with a reason and sees the audit entry, adds a support
 * account; that account signs in in Thai on a phone and finds the same member and the adjustment.
 * And no member page ever loads a byte of the back office.
 */

let browser: Browser;
let member: Page;
let memberEmail: string;
const supportEmail = uniqueEmail('support');
const REASON = 'Goodwill: late delivery of order';

beforeAll(async () => {
  browser = await launchBrowser();
  memberEmail = uniqueEmail('admin-member');
  member = await memberPage(browser, 'en', 'admin-member', { email: memberEmail });
});
afterAll(async () => {
  await member?.context().close();
  await browser?.close();
});

describe('back office', () => {
  it('an owner signs in, adjusts a member’s points with a reason and finds it in the audit log', async () => {
    const { page } = await adminPage(browser, DEV_OWNER_EMAIL, 'en');
    await page.waitForURL(/\/admin\/members$/);
    // The owner's menu: every screen of this issue.
    const menu = page.getByRole('navigation', { name: 'Back office' });
    for (const item of ['Members', 'Staff', 'Audit log'])
      await menu.getByText(item, { exact: true }).waitFor();

    await page.getByRole('textbox', { name: 'Search members' }).fill(memberEmail);
    await page.getByRole('button', { name: 'Search' }).click();
    // The list shows every member until the search's answer arrives: wait for the one it finds.
    await expect.poll(() => page.getByRole('link', { name: 'Malee Suksan' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Malee Suksan' }).click();
    await expect.poll(() => page.getByTestId('points-balance').textContent()).toBe('0');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Adjust points' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Points', { exact: true }).fill('120');
    // The dialog says what pressing the button does before it is pressed.
    await dialog.getByText('Adds 120 points: 0 → 120').waitFor();
    // No reason: the field says so, nothing is sent.
    await dialog.getByRole('button', { name: 'Adjust points' }).click();
    await dialog.getByText('Give a reason.').waitFor();
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Adjust points' }).click();
    await page.getByText('Done: 120 points. Balance now 120.').waitFor();
    const ledger = page.getByRole('tabpanel');
    await ledger.getByRole('cell', { name: REASON }).waitFor();
    await ledger.getByRole('cell', { name: '+120' }).waitFor();

    await page.getByRole('navigation', { name: 'Back office' }).getByText('Audit log').click();
    const entry = page.getByRole('row').filter({ hasText: REASON });
    await entry.getByText('Points adjusted').waitFor();
    await entry.getByRole('cell', { name: DEV_OWNER_EMAIL }).waitFor();
    await entry.getByRole('button', { name: /expand/i }).click();
    await page.getByText('Before', { exact: true }).first().waitFor();

    // The owner adds a support account (used in Thai below).
    await page.getByRole('navigation', { name: 'Back office' }).getByText('Staff').click();
    await page.getByRole('button', { name: 'Add staff' }).click();
    const add = page.getByRole('dialog');
    await add.getByLabel('Email', { exact: true }).fill(supportEmail);
    await add.getByLabel('Name', { exact: true }).fill('สมศรี ใจดี');
    await add.getByRole('button', { name: 'Add staff' }).click();
    await page.getByRole('cell', { name: new RegExp(supportEmail.replace(/[.+]/g, '\\$&')) }).waitFor();

    // A session the server no longer knows: back to sign-in, told why.
    await page.evaluate(() => sessionStorage.setItem('privileges.admin.token', 'stf_' + 'x'.repeat(40)));
    await page.goto('/admin/members');
    await page.getByText('Your session ended. Please sign in again.').waitFor();
    await page.context().close();
  });

  it('support signs in in Thai on a phone and finds the member and the adjustment', async () => {
    const { page, enrolled } = await adminPage(browser, supportEmail, 'th', PHONE);
    expect(enrolled).toBe(true);
    await page.waitForURL(/\/admin\/members$/);
    await page.getByRole('heading', { name: 'สมาชิก' }).waitFor();
    await page.getByRole('textbox', { name: 'ค้นหาสมาชิก' }).fill(memberEmail);
    await page.getByRole('button', { name: 'ค้นหา' }).click();
    // The list shows every member until the search's answer arrives: wait for the one it finds.
    await expect.poll(() => page.getByRole('link', { name: 'Malee Suksan' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Malee Suksan' }).click();
    await page.getByRole('button', { name: 'ปรับพอยท์' }).waitFor();
    await page.getByRole('tab', { name: 'ประวัติพอยท์' }).click();
    await page.getByRole('tabpanel').getByRole('cell', { name: REASON }).waitFor();
    await page.getByRole('tabpanel').getByRole('cell', { name: 'ปรับโดยพนักงาน' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Support has no Staff screen; nothing on the page is an untranslated key.
    await expect(page.getByRole('navigation').getByText('พนักงาน', { exact: true }).count()).resolves.toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/\badmin\.[a-z]/);
    // The page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });

  it('member pages never reference or load the back office', async () => {
    const requests: string[] = [];
    member.on('request', (r) => requests.push(r.url()));
    for (const path of ['/home', '/th/home', '/profile']) {
      await member.goto(path);
      await member.waitForLoadState('networkidle');
    }
    expect(requests.filter((u) => new URL(u).pathname.startsWith('/admin'))).toEqual([]);
    // The HTML and every script it names, as served: no /admin path anywhere in them.
    const html = await (await fetch(`${baseUrl()}/home`)).text();
    expect(html).not.toContain('/admin');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts)
      expect(await (await fetch(`${baseUrl()}${src}`)).text()).not.toContain('/admin/');
  });
});
