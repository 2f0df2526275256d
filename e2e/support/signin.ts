import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { otpFromInbox } from './browser.ts';
import { memberPage } from './session.ts';

/** Requests a code on the sign-in screen and types the one that arrived by e-mail. */
export async function requestCode(page: Page, email: string) {
  const before = Date.now() - 1;
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-submit').click();
  await page.getByTestId('otp-0').waitFor();
  return otpFromInbox(email, before);
}

/** Types the code; its sixth digit signs in by itself (there is no Confirm to tap). */
export async function typeCode(page: Page, code: string) {
  await page.getByTestId('otp-0').click();
  await page.keyboard.type(code);
}

export async function signIn(page: Page, email: string) {
  const code = await requestCode(page, email);
  expect(code).toMatch(/^\d{6}$/);
  await typeCode(page, code);
}

/**
 * Completes a new member's profile on the Edit profile screen (either language) and waits for where
 * Save goes: /profile, or the page the member was on when sent to complete it (`back`).
 */
export async function completeNewProfile(page: Page, back: RegExp = /\/profile$/) {
  await page.getByTestId('profile-first-name').fill('Malee');
  await page.getByTestId('profile-last-name').fill('Suksan');
  await page.getByTestId('profile-phone-number').fill('0812345678');
  await page.getByTestId('profile-dob').click();
  await page.keyboard.type('01/01/1995');
  await page.keyboard.press('Enter');
  await page.getByTestId('profile-save').click();
  await page.waitForURL(back);
}

/**
 * A new member, signed in with a completed profile, on a page of its own (one per language). Made
 * through the API (memberPage): signing in and Edit profile are set-up here, tested by the auth
 * journey. The page is on the app's origin, on no screen yet.
 */
export const newMember = (browser: Browser, prefix: string, tag: string): Promise<Page> =>
  memberPage(browser, prefix === '/th' ? 'th' : 'en', tag);
