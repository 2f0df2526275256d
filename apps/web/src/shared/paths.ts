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
  walletVoucher: '/wallet/:id',
  checkout: '/checkout',
  checkoutOrder: '/checkout/orders/:orderId',
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
export const walletVoucherPath = (id: string) => `${paths.wallet}/${encodeURIComponent(id)}`;
export const checkoutOrderPath = (orderId: string) => `/checkout/orders/${encodeURIComponent(orderId)}`;

/** `/vouchers?category=cafe`: a path with a query built from the defined values only. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export type AppPath = (typeof paths)[keyof typeof paths];

/** These paths (and everything below them) need a signed-in member; the rest are public. */
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

/**
 * The path as React Router reads it when choosing a screen: each segment percent-decoded (an encoded
 * slash stays encoded), trailing slashes dropped, letter case ignored. The guard decides on this form,
 * so `/WALLET`, `/%77allet` or `/wallet/` can never reach the wallet screen without the wallet's rules.
 */
export function routedPath(pathname: string): string {
  let decoded: string;
  try {
    decoded = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    decoded = pathname; // the router keeps a malformed path as it is, and so do we
  }
  const trimmed = decoded.toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

const PROBE_ORIGIN = 'https://app.invalid';
const MAX_REDIRECT_LENGTH = 2048;
// Control, format (zero-width, bidi) and whitespace characters and backslashes: browsers and URL parsers
// drop or reinterpret them (`/\t/evil.example` is `//evil.example` to a URL parser), so a target holding
// one is refused rather than guessed at.
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;

/**
 * The sign-in redirect target as an app path without a language prefix, or null when it is anything
 * else. The check runs on the path as the browser and the router will finally read it: percent-decoded,
 * stripped of every `/th` prefix (`/th/th/…` too). Refused: other origins (`https:`, `//host`,
 * `/th//host`, `/%2F%2Fhost`), backslashes, control or invisible characters, dot segments, empty
 * segments, anything encoded twice, and `/signin` itself. Null means "go home".
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_REDIRECT_LENGTH || UNSAFE_CHARACTER.test(raw)) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;

  const split = raw.search(/[?#]/);
  const rawPath = split === -1 ? raw : raw.slice(0, split);
  const rest = split === -1 ? '' : raw.slice(split);

  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  // The app never encodes a path twice; a `%` left after one decoding is a second layer of disguise.
  if (path.includes('%') || UNSAFE_CHARACTER.test(path)) return null;
  const segments = path.split('/').slice(1);
  if (segments.some((s, i) => s === '.' || s === '..' || (s === '' && i < segments.length - 1))) {
    return null;
  }

  while (path.toLowerCase() === THAI_PREFIX || path.toLowerCase().startsWith(`${THAI_PREFIX}/`)) {
    path = path.slice(THAI_PREFIX.length) || '/';
  }
  if (routedPath(path) === paths.signin) return null;

  let url: URL;
  try {
    url = new URL(`${path}${rest}`, PROBE_ORIGIN);
  } catch {
    return null;
  }
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Whatever the parser made of it, it must still be a path on this origin.
  if (url.origin !== PROBE_ORIGIN || !target.startsWith('/') || target.startsWith('//')) return null;
  return target;
}
