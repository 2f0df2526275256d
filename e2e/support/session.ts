import type { Browser, Page } from 'playwright-core';
import { baseUrl, newPage, otpFromInbox, uniqueEmail } from './browser.ts';

/*
 * A signed-in member made through the API, for the journeys where signing in is set-up, not what is
 * tested: the same calls the sign-in and Edit profile screens make (a code by e-mail, the login, the
 * profile saved), then the tokens stored where the app keeps them. Signing in through the screens is
 * the auth journey's (and a few others', where it is part of what they check).
 */

type Lang = 'en' | 'th';

/** What completeNewProfile types on the Edit profile screen, as that screen sends it. */
export const COMPLETE_PROFILE = {
  firstName: 'Malee',
  lastName: 'Suksan',
  dateOfBirth: '1995-01-01',
  phoneCode: '+66',
  phoneNumber: '0812345678',
} as const;

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !answer.success)
    throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

export type Tokens = { accessToken: string; refreshToken: string };

/** Signs in by the e-mail code (a first sign-in creates the member, in `lang`); the session's tokens. */
export async function signInByApi(email: string, lang: Lang = 'en'): Promise<Tokens> {
  const before = Date.now() - 1;
  await call('POST', '/auth/otp/send-otp', { email, language: lang });
  const otp = await otpFromInbox(email, before);
  const data = await call<{ accessToken: string; refreshTokens: { token: string }[] }>(
    'POST',
    '/auth/login',
    { email, otp },
  );
  const refreshToken = data.refreshTokens[0]?.token;
  if (!refreshToken) throw new Error('the login answered no refresh token');
  return { accessToken: data.accessToken, refreshToken };
}

/** Stores the tokens as the app does after a sign-in (local storage of the app's origin). */
export async function storeSession(page: Page, tokens: Tokens) {
  // Any page of the origin will do; /health is the cheapest to load.
  if (!page.url().startsWith(baseUrl())) await page.goto('/health');
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('refreshToken', refreshToken);
  }, tokens);
}

/**
 * A page of its own (a new browser context) with a new member signed in: profile complete unless
 * `complete` is false (then the app sends the member to Edit profile first). The page is left on the
 * app's origin, on no screen: the test goes where it needs to.
 */
export async function memberPage(
  browser: Browser,
  lang: Lang,
  tag: string,
  {
    complete = true,
    email = uniqueEmail(tag),
    serviceWorkers,
  }: { complete?: boolean; email?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Page> {
  const tokens = await signInByApi(email, lang);
  if (complete) {
    const member = await call<{ profileStatus: string }>(
      'PATCH',
      '/auth/users/update',
      COMPLETE_PROFILE,
      tokens.accessToken,
    );
    if (member.profileStatus !== 'complete') throw new Error('the saved profile is not complete');
  }
  const page = await newPage(browser, undefined, undefined, { serviceWorkers });
  await storeSession(page, tokens);
  return page;
}
