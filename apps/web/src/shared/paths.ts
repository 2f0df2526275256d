import type { Language } from '@app/contracts';

/**
 * Every in-app href, without the language prefix. English lives at `/…`, Thai at `/th/…`:
 * use `localizePath(paths.x, lang)` (or the `useLocalizedPath` hook) to build a link.
 */
export const paths = {
  root: '/',
  home: '/home',
  signin: '/signin',
  wallet: '/wallet',
  checkout: '/checkout',
  cart: '/cart',
  profile: '/profile',
  profileEdit: '/profile/edit',
  profileHistory: '/profile/history',
  privilegesHistory: '/privileges/history',
  notifications: '/notifications',
  vouchers: '/vouchers',
  voucher: '/vouchers/:id',
  privileges: '/privileges',
  privilege: '/privileges/:id',
  store: '/stores/:id',
} as const;

/** An item's href (without the language prefix). */
export const voucherPath = (id: string) => `${paths.vouchers}/${encodeURIComponent(id)}`;
export const privilegePath = (id: string) => `${paths.privileges}/${encodeURIComponent(id)}`;
export const storePath = (id: string) => `/stores/${encodeURIComponent(id)}`;

/** `/vouchers?category=cafe`: a path with a query built from the defined values only. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export type AppPath = (typeof paths)[keyof typeof paths];

/** Spec section 2: these (and everything below them) need a signed-in member. */
export const PROTECTED_PATHS: readonly string[] = [
  paths.wallet,
  paths.checkout,
  paths.cart,
  paths.profile,
  paths.privilegesHistory,
  paths.notifications,
];

const THAI_PREFIX = '/th';

/** Splits `/th/profile` into `{ lang: 'th', path: '/profile' }`; unprefixed paths are English. */
export function splitLocale(pathname: string): { lang: Language; path: string } {
  if (pathname === THAI_PREFIX || pathname.startsWith(`${THAI_PREFIX}/`)) {
    return { lang: 'th', path: pathname.slice(THAI_PREFIX.length) || '/' };
  }
  return { lang: 'en', path: pathname || '/' };
}

/** Adds the language prefix to an app path (which may carry a query string). */
export function localizePath(path: string, lang: Language): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === 'en') return clean;
  return clean === '/' ? THAI_PREFIX : `${THAI_PREFIX}${clean}`;
}

export function isProtectedPath(path: string): boolean {
  return PROTECTED_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** `/signin?redirect=%2Fwallet` — the redirect holds the app path, the prefix carries the language. */
export function signinPath(lang: Language, redirect?: string): string {
  const base = localizePath(paths.signin, lang);
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base;
}

const PROBE_ORIGIN = 'https://app.invalid';

/**
 * The redirect query target, only when it is a same-origin relative path (never an open redirect:
 * `//evil.example`, `https://…`, `/\evil`, `javascript:` are all refused). Returns the app path
 * without a language prefix, or null.
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const { path } = splitLocale(url.pathname);
  if (path === paths.signin) return null;
  return `${path}${url.search}${url.hash}`;
}
