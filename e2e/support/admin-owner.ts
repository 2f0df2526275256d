import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, newPage, otpFromInbox, DESKTOP } from './browser.ts';
import { signInToAdmin } from './admin-signin.ts';

/** The owner `npm start` makes in development (apps/api/src/modules/admin/staff/first-owner.ts). */
export const DEV_OWNER_EMAIL = 'owner@privileges.local';

/**
 * Authenticator secrets of the staff accounts this run enrolled, by address. An account enrols once:
 * whichever journey signs the dev owner in first keeps its secret here (a file: journeys run as
 * separate files, one after another, against one app), and the next signs in with it.
 */
const secretsFile = () => join(tmpdir(), `e2e-admin-secrets-${new URL(baseUrl()).port}.json`);

const readSecrets = (): Record<string, string> =>
  existsSync(secretsFile())
    ? (JSON.parse(readFileSync(secretsFile(), 'utf8')) as Record<string, string>)
    : {};

export const keepSecret = (email: string, secret: string) =>
  writeFileSync(secretsFile(), JSON.stringify({ ...readSecrets(), [email]: secret }));

/**
 * A page of its own, signed in to the back office as `email` through the real screens (the e-mailed
 * code from the e2e inbox, the authenticator code from the enrolled secret), in `lang`.
 */
export async function adminPage(
  browser: Browser,
  email: string,
  lang: 'en' | 'th',
  viewport = DESKTOP,
): Promise<{ page: Page; enrolled: boolean }> {
  const page = await newPage(browser, viewport);
  await page.addInitScript((l) => window.localStorage.setItem('privileges.admin.language', l), lang);
  await page.goto('/admin/');
  const { secret } = await signInToAdmin(page, email, otpFromInbox, { knownSecret: readSecrets()[email] });
  if (secret) keepSecret(email, secret);
  return { page, enrolled: secret !== null };
}
