import type { Page } from 'playwright-core';
import { generate } from 'otplib';

/** Where a staff sign-in code comes from: the e2e SMTP inbox, or the dev mailbox. */
export type CodeReader = (email: string, after: number) => Promise<string>;

export interface AdminSignIn {
  /** The authenticator secret shown at enrolment (null when the account had enrolled before). */
  secret: string | null;
}

/** The authenticator app's current code for a secret (what a phone would show). */
export const totpCode = (secret: string) => generate({ secret });

/**
 * Staff sign-in through the back office's screens: e-mail → the e-mailed code → the authenticator
 * code. On a first sign-in the secret shown on screen is read and the code computed from it, as a
 * phone would after scanning the QR code. `knownSecret`: the account's secret from an earlier enrolment.
 * `onStep`: called on each screen before it is filled (screenshots).
 */
export async function signInToAdmin(
  page: Page,
  email: string,
  readCode: CodeReader,
  opts: { knownSecret?: string; onStep?: (step: 'email' | 'code' | 'factor') => Promise<void> } = {},
): Promise<AdminSignIn> {
  const emailField = page.getByLabel(/Staff email|อีเมลพนักงาน/);
  await emailField.waitFor();
  await opts.onStep?.('email');
  await emailField.fill(email);
  const codeField = page.getByLabel(/Code from the email|รหัสจากอีเมล/);
  let before = Date.now() - 1;
  for (let attempt = 0; ; attempt++) {
    before = Date.now() - 1;
    await page.getByRole('button', { name: /Send code|ส่งรหัส/ }).click();
    const refused = page.getByRole('alert');
    await Promise.race([codeField.waitFor(), refused.waitFor()]);
    if (await codeField.isVisible()) break;
    // One code a minute per address: another journey signed this account in just now.
    if (attempt > 0) throw new Error(`no code was sent: ${await refused.textContent()}`);
    await page.waitForTimeout(61_000);
  }
  await opts.onStep?.('code');
  await codeField.fill(await readCode(email, before));
  await page.getByRole('button', { name: /Continue|ดำเนินการต่อ/ }).click();
  const appField = page.getByLabel(/Authenticator app code|รหัสจากแอปยืนยันตัวตน/);
  await appField.waitFor();
  const shown = page.getByTestId('totp-secret');
  const secret = (await shown.count()) > 0 ? ((await shown.textContent()) ?? '').trim() : null;
  await opts.onStep?.('factor');
  const use = secret ?? opts.knownSecret;
  if (!use) throw new Error(`${email} has enrolled before: pass its secret`);
  const signOut = page.getByRole('button', { name: /Sign out|ออกจากระบบ/ });
  for (let attempt = 0; ; attempt++) {
    await appField.fill(await totpCode(use));
    await page.getByRole('button', { name: /^(Sign in|เข้าสู่ระบบ)$/ }).click();
    const refused = page.getByRole('alert');
    await Promise.race([signOut.waitFor(), refused.waitFor()]);
    if (await signOut.isVisible()) return { secret };
    // A code is good once: an account that signed in within this 30-second step waits for the next.
    if (attempt > 0) throw new Error(`the authenticator code was refused: ${await refused.textContent()}`);
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 300);
  }
}
