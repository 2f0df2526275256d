// The one place that answers "what does a screen make a phone download before it is usable", from
// Vite's build manifest: the app shell (index.html's entry, what it imports statically and the start steps'
// chunks index.html links), the route's
// own lazy chunk with its static imports and, for a screen that uses antd, antd's theme chunk that
// lazyScreen() fetches beside it (apps/web/src/shared/ui/lazy-screen.tsx) — JS and CSS, both as built
// (uncompressed: what the phone parses and compiles) and as the server sends them (brotli 11).
// The bench prints it (bundleReport) and CI holds it to a budget (scripts/bundle-budget.mjs). The texts
// come in a chunk per language, loaded before the part that needs them runs (virtual:locale-text/<lang>/…):
// a page loads its own language's, and the figure is the heavier language's (Thai: three bytes a letter).
// Other dynamic imports are left out: they load after the screen is up, or on a tap.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

export const WEB_DIST = 'apps/web/dist';
const ROUTES_FILE = 'apps/web/src/app/routes.tsx';
/** antd's theme and runtime: every lazyScreen() without `{ kit: false }` downloads it with its own chunk. */
const KIT = 'src/shared/ui/antd-theme.tsx';

/**
 * Every member screen the bench measures (scripts/bench/lighthouse.mjs names its rows the same), by
 * manifest key. The wallet item's code screen (Redeem Now) loads on its tap, a part of its own drawn
 * without antd (scripts/bundle-budget.mjs checks that it stays so).
 */
export const MEMBER_SCREENS = {
  home: 'src/features/catalogue/routes/home.tsx',
  'voucher detail': 'src/features/catalogue/routes/voucher-detail.tsx',
  'privilege detail': 'src/features/catalogue/routes/privilege-detail.tsx',
  'sign-in': 'src/features/auth/routes/signin.tsx',
  profile: 'src/features/profile/routes/profile.tsx',
  cart: 'src/features/cart/routes/cart.tsx',
  checkout: 'src/features/checkout/routes/checkout.tsx',
  wallet: 'src/features/wallet/routes/wallet.tsx',
  'wallet item': 'src/features/wallet/routes/wallet-voucher.tsx',
  notifications: 'src/features/notifications/routes/notifications.tsx',
  'transaction history': 'src/features/history/routes/history.tsx',
  'points history': 'src/features/privileges/routes/privileges-history.tsx',
};

/** `lazyScreen(() => import('…'), { … })` in the web app's source: the part's path, and its options. */
export const LAZY_SCREEN = /lazyScreen\(\s*\(\)\s*=>\s*import\('([^']+)'\)\s*(,[^)]*)?\)/g;

/**
 * Each member screen's manifest keys: its route file, and antd's theme when routes.tsx declares the
 * screen without `{ kit: false }` — read from routes.tsx so the figure follows the app. A screen
 * routes.tsx no longer declares with lazyScreen() is an error: the figure must not quietly drop what it
 * loads.
 */
export function screenRoutes(manifest, routesSource = readFileSync(ROUTES_FILE, 'utf8')) {
  const declared = new Map();
  for (const m of routesSource.matchAll(LAZY_SCREEN))
    declared.set(posix.join('src/app', m[1]), !/kit:\s*false/.test(m[2] ?? ''));
  return Object.fromEntries(
    Object.entries(MEMBER_SCREENS).map(([name, key]) => {
      if (!declared.has(key))
        throw new Error(
          `${ROUTES_FILE} does not declare ${key} with lazyScreen(): update scripts/bench/bundle.mjs`,
        );
      return [name, declared.get(key) && manifest[KIT] ? [key, KIT] : [key]];
    }),
  );
}

export const kB = (n) => `${(n / 1024).toFixed(1)} KiB`;
/** Uncompressed sizes in decimal kilobytes, as the 300 KB target is stated. */
export const KB = (n) => `${(n / 1000).toFixed(1)} KB`;

/** Vite's manifest of a build, or null when the folder holds no build. */
export function readManifest(dist = WEB_DIST) {
  const path = join(dist, '.vite', 'manifest.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

export const LANGUAGES = ['en', 'th'];
const TEXTS = 'virtual:locale-text/';

/**
 * The manifest keys a key loads before it runs in a page in `lang`: itself, its static imports and the
 * texts in `lang` it awaits, transitively.
 */
function keysOf(manifest, key, lang, seen = new Set()) {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  const texts = (manifest[key].dynamicImports ?? []).filter((k) => k.startsWith(`${TEXTS}${lang}/`));
  for (const k of [...(manifest[key].imports ?? []), ...texts]) keysOf(manifest, k, lang, seen);
  return seen;
}

/** Bytes on the wire: the server sends the build's brotli-11 files (apps/web/vite.config.ts). */
const compressedSize = (buffer) =>
  brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function sizes(dist, manifest, keys) {
  const files = new Set();
  for (const k of keys) {
    files.add(manifest[k].file);
    for (const c of manifest[k].css ?? []) files.add(c);
  }
  const out = { js: 0, jsRaw: 0, jsFiles: 0, css: 0 };
  for (const f of files) {
    const body = readFileSync(join(dist, f));
    const size = compressedSize(body);
    if (f.endsWith('.css')) out.css += size;
    else {
      out.js += size;
      out.jsRaw += body.length;
      out.jsFiles += 1;
    }
  }
  return out;
}

/**
 * Bytes of one route's first download, given its manifest keys (its route file first), in the
 * language whose download is heavier (`lang`): `shell` (every route pays it), `own` (the route's chunks
 * beyond the shell) and `total`; each with `js` (brotli 11), `jsRaw` (as built), `jsFiles` and `css`
 * (brotli 11). Throws when a key is not in the manifest, so a renamed route file cannot slip out of the
 * budget unnoticed.
 */
export function routeDownload(manifest, routeKeys, dist = WEB_DIST) {
  if (!manifest['index.html']) throw new Error(`index.html is not in the manifest of ${dist}`);
  const missing = routeKeys.filter((k) => !manifest[k]);
  if (missing.length) throw new Error(`${missing.join(', ')} not in the manifest of ${dist}`);
  const [heavier] = LANGUAGES.map((lang) => routeDownloadIn(manifest, routeKeys, dist, lang)).sort(
    (a, b) => b.total.jsRaw - a.total.jsRaw,
  );
  return heavier;
}

/**
 * What every page loads: index.html's entry and its imports, and the chunks index.html links besides
 * (the app's start steps, which main.tsx imports one after the other), with their imports.
 */
function shellKeysOf(manifest, dist, lang) {
  const shell = keysOf(manifest, 'index.html', lang);
  const page = join(dist, 'index.html');
  if (!existsSync(page)) return shell;
  const html = readFileSync(page, 'utf8');
  for (const [key, chunk] of Object.entries(manifest))
    if (html.includes(`/${chunk.file}"`)) keysOf(manifest, key, lang, shell);
  return shell;
}

function routeDownloadIn(manifest, routeKeys, dist, lang) {
  const shellKeys = shellKeysOf(manifest, dist, lang);
  const loaded = new Set(shellKeys);
  for (const k of routeKeys) keysOf(manifest, k, lang, loaded);
  return {
    lang,
    shell: sizes(dist, manifest, shellKeys),
    own: sizes(
      dist,
      manifest,
      [...loaded].filter((k) => !shellKeys.has(k)),
    ),
    total: sizes(dist, manifest, loaded),
  };
}

export async function bundleReport(dist = WEB_DIST) {
  const manifest = readManifest(dist);
  if (!manifest) {
    console.log(`web bundle: ${dist}/.vite/manifest.json is missing (run npm run build)`);
    return;
  }
  const routes = Object.entries(screenRoutes(manifest)).map(([name, keys]) => ({
    name,
    ...routeDownload(manifest, keys, dist),
  }));
  const { shell } = routes[0];
  const line = (name, r) =>
    `${name.padEnd(26)} JS ${KB(r.jsRaw).padStart(9)} as built, ${kB(r.js).padStart(9)} brotli in ${String(r.jsFiles).padStart(2)} files  CSS ${kB(r.css).padStart(8)}`;
  console.log('web bundle: what each screen loads before it is usable (brotli 11 as served)');
  console.log(line('app shell (every screen)', shell));
  for (const r of routes)
    console.log(`${line(r.name, r.total)}  (own chunks: JS ${KB(r.own.jsRaw)}, ${kB(r.own.js)})`);
}
