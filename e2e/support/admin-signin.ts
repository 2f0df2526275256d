import type { Locator, Page, Response } from 'playwright-core';
import { generate } from 'otplib';

/** Where a staff sign-in code comes from: the e2e SMTP inbox, or the dev mailbox. */
export type CodeReader = (email: string, after: number) => Promise<string>;

export interface AdminSignIn {
  /** The authenticator secret shown at enrolment (null when the account had enrolled before). */
  secret: string | null;
}

const STEP_MS = 30_000;

/** The authenticator app's code for a secret at `at` (what a phone would show then). */
export const totpCode = (secret: string, at = Date.now()) =>
  generate({ secret, epoch: Math.floor(at / 1000) });

/**
 * Presses a form's button and waits for the answer to the call it makes (`/admin/api` + `path`). The
 * answer, not what the screen shows, says what happened: an error alert left from an earlier try is
 * still on screen while the next try is on its way.
 */
async function submit(page: Page, button: Locator, path: string): Promise<Response> {
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/admin/api${path}`,
    ),
    button.click(),
  ]);
  return answer;
}

const refusal = async (answer: Response) => `${answer.status()} ${await answer.text().catch(() => '')}`;

/**
 * Staff sign-in through the back office's screens: e-mail → the e-mailed code → the authenticator
 * code. On a first sign-in the secret shown on screen is read and the code computed from it, as a
 * phone would after scanning the QR code. `knownSecret`: the account's secret from an earlier enrolment.
 * `onStep`: called on each screen before it is filled (screenshots).
 *
 * Another journey may have signed the same account in just before: a second code within the minute is
 * refused (429, Retry-After), and an authenticator code is good once, so a code of a step already used
 * is refused (second_factor_invalid) and the next step's code is entered on the same screen.
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
  const sendCode = page.getByRole('button', { name: /Send code|ส่งรหัส/ });
  let before = 0;
  for (let attempt = 0; ; attempt++) {
    // The mail is sent by a job after the answer: any mail received after this moment is this code's.
    before = Date.now() - 1;
    const answer = await submit(page, sendCode, '/auth/send-code');
    if (answer.ok()) break;
    const wait = Number(answer.headers()['retry-after'] ?? NaN);
    // One code a minute per address; a longer wait is a limit no journey should reach.
    if (attempt > 0 || answer.status() !== 429 || !(wait <= 61))
      throw new Error(`no code was sent to ${email}: ${await refusal(answer)}`);
    await page.waitForTimeout(wait * 1000 + 500);
  }
  const codeField = page.getByLabel(/Code from the email|รหัสจากอีเมล/);
  await codeField.waitFor();
  await opts.onStep?.('code');
  await codeField.fill(await readCode(email, before));
  const verified = await submit(
    page,
    page.getByRole('button', { name: /Continue|ดำเนินการต่อ/ }),
    '/auth/verify-code',
  );
  if (!verified.ok()) throw new Error(`the e-mailed code was refused: ${await refusal(verified)}`);

  const appField = page.getByLabel(/Authenticator app code|รหัสจากแอปยืนยันตัวตน/);
  await appField.waitFor();
  const shown = page.getByTestId('totp-secret');
  const secret = (await shown.count()) > 0 ? ((await shown.textContent()) ?? '').trim() : null;
  await opts.onStep?.('factor');
  const use = secret ?? opts.knownSecret;
  if (!use) throw new Error(`${email} has enrolled before: pass its secret`);
  const signIn = page.getByRole('button', { name: /^(Sign in|เข้าสู่ระบบ)$/ });
  for (let attempt = 0; ; attempt++) {
    const at = Date.now();
    await appField.fill(await totpCode(use, at));
    const answer = await submit(page, signIn, '/auth/second-factor');
    if (answer.ok()) break;
    const why = await refusal(answer);
    // A code is good once per account: another sign-in used this step's code. The next step's is new.
    if (attempt > 0 || !why.includes('second_factor_invalid'))
      throw new Error(`the authenticator code was refused: ${why}`);
    await page.waitForTimeout(STEP_MS - (at % STEP_MS) + 300);
  }
  await page.getByRole('button', { name: /Sign out|ออกจากระบบ/ }).waitFor();
  return { secret };
}
