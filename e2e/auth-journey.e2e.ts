import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  otpFromInbox,
  screenshot,
  seriousA11yViolations,
  settleAnimations,
  uniqueEmail,
} from './support/browser.ts';
import { memberPage } from './support/session.ts';
import { completeNewProfile, requestCode, signIn, typeCode } from './support/signin.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a new member signs in, completes the profile, switches language and logs out', () => {
  it('goes through the whole journey with the code from the e-mail', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('journey');

    await page.goto('/signin');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Buttons are 48 px high: an easy target for a thumb.
    expect((await page.getByTestId('signin-submit').boundingBox())?.height).toBe(48);
    const code = await requestCode(page, email);
    await typeCode(page, code);

    // A new member has an incomplete profile: the guard sends them to Edit profile.
    await page.waitForURL('**/profile/edit');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByTestId('profile-save').click();
    await expect.poll(() => page.getByText('First name is required').count()).toBeGreaterThan(0);
    expect(await page.getByText('Last name is required').count()).toBeGreaterThan(0);
    expect(await page.getByText('Date of birth is required').count()).toBeGreaterThan(0);

    await page.getByTestId('profile-first-name').fill('Somchai');
    await page.getByTestId('profile-last-name').fill('Jaidee');
    await page.getByTestId('profile-phone-number').fill('812345678');
    await page.getByTestId('profile-dob').click();
    await page.keyboard.type('15/04/1990');
    await page.keyboard.press('Enter');
    await page.getByTestId('profile-phone-code').click();
    await page.keyboard.type('+66');
    await page.keyboard.press('Enter');
    await page.getByTestId('profile-save').click();

    await page.waitForURL('**/profile');
    await expect.poll(() => page.getByText('Somchai').count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByTestId('lang-th').click();
    await page.waitForURL('**/th/profile');
    await expect.poll(() => page.getByTestId('menu-logout').innerText()).toBe('ออกจากระบบ');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');

    await page.reload();
    await page.getByTestId('menu-logout').waitFor();
    expect(page.url()).toMatch(/\/th\/profile$/);
    expect(await page.getByText('Somchai').count()).toBeGreaterThan(0);

    await page.getByTestId('menu-logout').click();
    await page.getByTestId('logout-confirm').click();
    await page.waitForURL(/\/signin/);
    expect(
      await page.evaluate(
        () => localStorage.length === 0 || !Object.keys(localStorage).some((k) => /token/i.test(k)),
      ),
    ).toBe(true);
  });

  it('sends a signed-out visitor to sign in and back to where they were going', async () => {
    const page = await newPage(browser);
    await page.goto('/wallet');
    await page.waitForURL('**/signin?redirect=%2Fwallet');
    await signIn(page, uniqueEmail('redirect'));
    // The incomplete-profile rule outranks the redirect: a brand-new member completes the profile first,
    // and the wallet is kept for after Save (the next test shows a returning member landing on /wallet).
    await page.waitForURL('**/profile/edit?redirect=%2Fwallet');
  });

  it('returns a member with a complete profile straight to the page they asked for', async () => {
    const email = uniqueEmail('returning');
    const first = await newPage(browser);
    await first.goto('/signin');
    await signIn(first, email);
    await first.waitForURL('**/profile/edit');
    await completeNewProfile(first);
    await first.context().close();

    const page = await newPage(browser);
    await page.goto('/wallet');
    await page.waitForURL('**/signin?redirect=%2Fwallet');
    await signIn(page, email);
    await page.waitForURL('**/wallet');
  });
});

describe('a member changes their e-mail address', () => {
  for (const lang of ['en', 'th'] as const) {
    it(`confirms the new address with the code sent to it, in ${lang}`, async () => {
      const prefix = lang === 'th' ? '/th' : '';
      const oldEmail = uniqueEmail(`change-${lang}`);
      const newEmail = uniqueEmail(`changed-${lang}`);
      // Signed in through the API: signing in is the journey above; this one starts on Edit profile.
      const page = await memberPage(browser, lang, `change-${lang}`, { email: oldEmail });

      await page.goto(`${prefix}/profile/edit`);
      await page.getByTestId('profile-email').fill(newEmail);
      await page.locator('#profile_email_extra').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      const before = Date.now() - 1;
      await page.getByTestId('profile-save').click();
      await page.getByTestId('email-change-confirm').waitFor();
      expect(await page.getByRole('dialog').innerText()).toContain(newEmail);
      await settleAnimations(page);
      await screenshot(page, `${lang}-edit-profile-email-code`);

      // A wrong code is refused in the page's language and changes nothing.
      const code = await otpFromInbox(newEmail, before);
      await page.getByTestId('otp-0').click();
      await page.keyboard.type(code === '000000' ? '111111' : '000000');
      await page.getByTestId('email-change-confirm').click();
      const wrongText = lang === 'th' ? 'รหัสไม่ถูกต้อง' : 'The code is incorrect';
      await expect.poll(() => page.getByRole('dialog').innerText()).toContain(wrongText);

      await page.getByTestId('otp-0').click();
      await page.keyboard.type(code);
      await page.getByTestId('email-change-confirm').click();
      await page.waitForURL(new RegExp(`${prefix}/profile$`));

      await page.goto(`${prefix}/profile/edit`);
      await expect.poll(() => page.getByTestId('profile-email').inputValue()).toBe(newEmail);
      // The old address was told.
      const notice = await fetch(`${inject('inboxUrl')}/?to=${encodeURIComponent(oldEmail)}`).then(
        (r) => r.json() as Promise<{ subject: string }[]>,
      );
      expect(notice.at(-1)?.subject).toBe(
        lang === 'th' ? 'อีเมลของบัญชี Privileges ของคุณถูกเปลี่ยนแล้ว' : 'Your Privileges email address was changed',
      );
    });
  }
});

describe('a member quicker than the app', () => {
  it('types an address and taps Send code before the app has taken the page over: the code still comes', async () => {
    const page = await newPage(browser);
    // The app's start and the sign-in screen's code held back: the page is the server's, with no code
    // behind it but the page's first script.
    let letStart: () => void = () => {};
    const startHeld = new Promise<void>((resolve) => (letStart = resolve));
    await page.route(/\/assets\/(boot-start|signin)-[\w-]+\.js$/, async (route) => {
      await startHeld;
      await route.continue();
    });
    const email = uniqueEmail('quick');
    const before = Date.now() - 1;
    await page.goto('/th/signin', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-submit').click();
    await page.waitForTimeout(300);
    // Not sent to the server as a form (the page stays, the address is not in its address).
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByTestId('otp-0').count()).toBe(0);

    letStart();
    await page.getByTestId('otp-0').waitFor();
    // The app took the address as typed, with no "enter your e-mail" in between.
    expect(await page.getByRole('alert').count()).toBe(0);
    await typeCode(page, await otpFromInbox(email, before));
    await page.waitForURL('**/th/profile/edit');
  });
});

describe('screenshots for people to look at', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const lang of ['en', 'th'] as const) {
      it(`sign-in, OTP, edit profile and profile in ${lang} at ${viewport.width}px`, async () => {
        const page = await newPage(browser, viewport);
        const prefix = lang === 'th' ? '/th' : '';
        await page.goto(`${prefix}/signin`);
        await page.getByTestId('signin-email').waitFor();
        await screenshot(page, `${lang}-signin`);
        const email = uniqueEmail(`shots-${lang}`);
        const code = await requestCode(page, email);
        await screenshot(page, `${lang}-otp`);
        await typeCode(page, code);
        await page.waitForURL(`**${prefix}/profile/edit`);
        await page.getByTestId('profile-save').click();
        await page.waitForTimeout(300);
        await screenshot(page, `${lang}-edit-profile-errors`);
        await completeNewProfile(page);
        await page.waitForURL(`**${prefix}/profile`);
        await page.getByTestId('menu-logout').waitFor();
        await screenshot(page, `${lang}-profile`);
      });
    }
  }
});
