import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, otpFromInbox, uniqueEmail } from './browser.ts';

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

/** A new member, signed in with a completed profile, on a page of its own (one per language). */
export async function newMember(browser: Browser, prefix: string, tag: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${prefix}/signin`);
  await signIn(page, uniqueEmail(tag));
  await page.waitForURL(/\/profile\/edit$/);
  await completeNewProfile(page);
  return page;
}
