import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenRoutes } from './bench/bundle.mjs';
import {
  ANTD_RUNTIME_MARK,
  antdInKitFreeParts,
  checkBudget,
  kitFreeParts,
  loweredCeilings,
  unlinkedStartFiles,
} from './bundle-budget.mjs';

// Random bytes do not compress, so a file's brotli size is a little more than its size as built: the
// two figures differ, and each is known exactly.
let dist;
const gz = {};
const raw = {};
const file = (name, bytes) => {
  const body = randomBytes(bytes);
  writeFileSync(join(dist, 'assets', name), body);
  raw[name] = bytes;
  gz[name] = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
};
/** A target nothing in the fixture meets, so each route's ceiling is its recorded one. */
const LOW_TARGET = { raw: 1, brotli: 1 };
const HIGH = { raw: 1e9, brotli: 1e9 };

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  file('entry.js', 4000);
  file('shared.js', 3000);
  file('small.js', 1000);
  file('big.js', 9000);
  file('lazy.js', 50_000);
  writeFileSync(join(dist, 'assets', 'entry.css'), 'body{margin:0}');
  const manifest = {
    'index.html': {
      file: 'assets/entry.js',
      imports: ['_shared.js'],
      css: ['assets/entry.css'],
      isEntry: true,
    },
    '_shared.js': { file: 'assets/shared.js' },
    // Routes import the entry back and share a chunk with it: each file counts once.
    'src/small.tsx': { file: 'assets/small.js', imports: ['index.html', '_shared.js'], isDynamicEntry: true },
    'src/big.tsx': {
      file: 'assets/big.js',
      imports: ['index.html', '_shared.js'],
      dynamicImports: ['src/lazy.tsx'],
      isDynamicEntry: true,
    },
    // Loaded on demand by big.tsx: not part of its first screen.
    'src/lazy.tsx': { file: 'assets/lazy.js', isDynamicEntry: true },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('checkBudget', () => {
  const shell = () => gz['entry.js'] + gz['shared.js'];
  const shellRaw = () => raw['entry.js'] + raw['shared.js'];
  const routes = { small: ['src/small.tsx'], big: ['src/big.tsx'] };
  const both = (ceiling) => ({ small: ceiling, big: ceiling });

  it("counts the shell, the route's chunk and its static imports once each, as built and brotli, without CSS or dynamic imports", () => {
    const { rows } = checkBudget({ dist, target: HIGH, ceilings: {}, routes });
    expect(rows.map((r) => [r.name, r.raw, r.brotli, r.jsFiles])).toEqual([
      ['small', shellRaw() + raw['small.js'], shell() + gz['small.js'], 3],
      ['big', shellRaw() + raw['big.js'], shell() + gz['big.js'], 3],
    ]);
  });

  it('adds the chunks loaded beside the route, once each', () => {
    const { rows } = checkBudget({
      dist,
      target: HIGH,
      ceilings: {},
      routes: { both: ['src/small.tsx', 'src/big.tsx'] },
    });
    expect(rows[0].brotli).toBe(shell() + gz['small.js'] + gz['big.js']);
    expect(rows[0].raw).toBe(shellRaw() + raw['small.js'] + raw['big.js']);
  });

  it('passes when every route is within its ceilings', () => {
    const ceiling = { raw: shellRaw() + raw['big.js'], brotli: shell() + gz['big.js'] };
    const result = checkBudget({ dist, target: LOW_TARGET, ceilings: both(ceiling), routes });
    expect(result.ok).toBe(true);
    expect(result.rows.every((r) => !r.over)).toBe(true);
  });

  it('fails when a route is over its ceiling as built, though within it brotli, and names it', () => {
    const ceiling = { raw: shellRaw() + raw['small.js'], brotli: 1e9 };
    const result = checkBudget({ dist, target: LOW_TARGET, ceilings: both(ceiling), routes });
    expect(result.ok).toBe(false);
    expect(result.rows.filter((r) => r.over).map((r) => [r.name, r.overRaw, r.overBrotli])).toEqual([
      ['big', true, false],
    ]);
  });

  it('fails when a route is over its brotli ceiling, though within it as built, and names it', () => {
    const ceiling = { raw: 1e9, brotli: shell() + gz['small.js'] };
    const result = checkBudget({ dist, target: LOW_TARGET, ceilings: both(ceiling), routes });
    expect(result.ok).toBe(false);
    expect(result.rows.filter((r) => r.over).map((r) => [r.name, r.overRaw, r.overBrotli])).toEqual([
      ['big', false, true],
    ]);
  });

  it('holds a route with no recorded ceiling, or one below the target, to the target', () => {
    const target = { raw: shellRaw() + raw['small.js'], brotli: shell() + gz['small.js'] };
    const result = checkBudget({ dist, target, ceilings: { small: { raw: 1, brotli: 1 } }, routes });
    expect(result.rows.map((r) => [r.name, r.over])).toEqual([
      ['small', false],
      ['big', true],
    ]);
    expect(result.rows[0].ceiling).toEqual(target);
  });

  it('refuses a route the build does not have, so a renamed file cannot escape the budget', () => {
    expect(() => checkBudget({ dist, ceilings: {}, routes: { gone: ['src/gone.tsx'] } })).toThrow(
      /src\/gone\.tsx/,
    );
  });

  it('refuses a folder without a build', () => {
    expect(() => checkBudget({ dist: join(dist, 'assets'), ceilings: {} })).toThrow(/npm run build/);
  });
});

describe('loweredCeilings', () => {
  const target = { raw: 100, brotli: 50 };
  const row = (name, r, b) => ({ name, raw: r, brotli: b });

  it('lowers a ceiling to the figure plus 1%, never raises it, and never goes below the target', () => {
    const ceilings = {
      shrunk: { raw: 1000, brotli: 500 },
      grew: { raw: 1000, brotli: 500 },
      tiny: { raw: 1000, brotli: 500 },
    };
    expect(
      loweredCeilings(
        [row('shrunk', 800, 400), row('grew', 2000, 900), row('tiny', 10, 5)],
        ceilings,
        target,
      ),
    ).toEqual({
      shrunk: { raw: 808, brotli: 404 },
      grew: { raw: 1000, brotli: 500 },
      tiny: { raw: 100, brotli: 50 },
    });
  });
});

describe('screenRoutes', () => {
  const routesSource = `
const Signin = lazyScreen(() => import('../features/auth/routes/signin.tsx'));
const Home = lazyScreen(() => import('../features/catalogue/routes/home.tsx'), { kit: false });
const VoucherDetail = lazyScreen(() => import('../features/catalogue/routes/voucher-detail.tsx'));
const PrivilegeDetail = lazyScreen(() => import('../features/catalogue/routes/privilege-detail.tsx'), {
  kit: false,
});
const Profile = lazyScreen(() => import('../features/profile/routes/profile.tsx'));
const History = lazyScreen(() => import('../features/history/routes/history.tsx'));
const Wallet = lazyScreen(() => import('../features/wallet/routes/wallet.tsx'));
const WalletVoucher = lazyScreen(() => import('../features/wallet/routes/wallet-voucher.tsx'));
const Checkout = lazyScreen(() => import('../features/checkout/routes/checkout.tsx'));
const Cart = lazyScreen(() => import('../features/cart/routes/cart.tsx'));
const PrivilegesHistory = lazyScreen(() => import('../features/privileges/routes/privileges-history.tsx'));
const Notifications = lazyScreen(() => import('../features/notifications/routes/notifications.tsx'));
`;
  const kit = 'src/shared/ui/antd-theme.tsx';

  it("adds antd's theme to the screens declared without { kit: false }", () => {
    expect(screenRoutes({ [kit]: {} }, routesSource)).toEqual({
      home: ['src/features/catalogue/routes/home.tsx'],
      'voucher detail': ['src/features/catalogue/routes/voucher-detail.tsx', kit],
      'privilege detail': ['src/features/catalogue/routes/privilege-detail.tsx'],
      'sign-in': ['src/features/auth/routes/signin.tsx', kit],
      profile: ['src/features/profile/routes/profile.tsx', kit],
      cart: ['src/features/cart/routes/cart.tsx', kit],
      checkout: ['src/features/checkout/routes/checkout.tsx', kit],
      wallet: ['src/features/wallet/routes/wallet.tsx', kit],
      'wallet item': ['src/features/wallet/routes/wallet-voucher.tsx', kit],
      notifications: ['src/features/notifications/routes/notifications.tsx', kit],
      'transaction history': ['src/features/history/routes/history.tsx', kit],
      'points history': ['src/features/privileges/routes/privileges-history.tsx', kit],
    });
  });

  it('refuses a member screen routes.tsx no longer declares', () => {
    expect(() => screenRoutes({}, routesSource.replace(/.*profile.tsx.*\n/, ''))).toThrow(/profile\.tsx/);
  });
});

describe('parts drawn without antd', () => {
  let built;
  beforeAll(() => {
    built = mkdtempSync(join(tmpdir(), 'kit-free-'));
    mkdirSync(join(built, 'assets'));
    mkdirSync(join(built, '.vite'));
    const write = (name, text) => writeFileSync(join(built, 'assets', name), text);
    write('entry.js', 'export const app = 1;');
    write('light.js', 'export const light = 1;');
    write('helper.js', 'export const helper = 1;');
    write('antd-core.js', `const ATTR_TOKEN = "${ANTD_RUNTIME_MARK}"; export { ATTR_TOKEN };`);
    write('button.js', 'import "./antd-core.js"; export const Button = 1;');
    write('later.js', 'import "./button.js";');
    const manifest = {
      'index.html': { file: 'assets/entry.js', isEntry: true },
      '_antd-core.js': { file: 'assets/antd-core.js' },
      '_button.js': { file: 'assets/button.js', imports: ['_antd-core.js'] },
      '_helper.js': { file: 'assets/helper.js', imports: ['index.html'] },
      // Light, and what it loads later (on a tap of its own) may use antd.
      'src/light.tsx': {
        file: 'assets/light.js',
        imports: ['index.html', '_helper.js'],
        dynamicImports: ['src/later.tsx'],
        isDynamicEntry: true,
      },
      'src/later.tsx': { file: 'assets/later.js', imports: ['_button.js'], isDynamicEntry: true },
      // antd two imports deep.
      'src/heavy.tsx': { file: 'assets/helper.js', imports: ['_button.js'], isDynamicEntry: true },
    };
    writeFileSync(join(built, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  it('passes a part whose static imports hold no antd, whatever it loads later', () => {
    expect(antdInKitFreeParts({ dist: built, parts: ['src/light.tsx'] })).toEqual([]);
  });

  it('names a part that loads antd through its static imports, with the chunk that holds it', () => {
    expect(antdInKitFreeParts({ dist: built, parts: ['src/light.tsx', 'src/heavy.tsx'] })).toEqual([
      { part: 'src/heavy.tsx', chunk: 'assets/antd-core.js' },
    ]);
  });

  it('names a part the build does not have', () => {
    expect(antdInKitFreeParts({ dist: built, parts: ['src/gone.tsx'] })).toEqual([
      { part: 'src/gone.tsx', chunk: null },
    ]);
  });

  it("reads the app's sources for the parts declared { kit: false }", () => {
    const parts = kitFreeParts();
    expect(parts).toContain('src/features/catalogue/routes/home.tsx');
    expect(parts).toContain('src/features/wallet/components/code-screen.tsx');
    expect(parts).toContain('src/features/catalogue/components/buy-sheet-panel.tsx');
    expect(parts).not.toContain('src/features/catalogue/components/redeem-dialog.tsx');
  });
});

describe("the app's start, linked by index.html", () => {
  let built;
  const page = (links) =>
    writeFileSync(
      join(built, 'index.html'),
      `<html><head>${links.map((href) => `<link rel="modulepreload" href="/${href}">`).join('')}` +
        `<script type="module" src="/assets/index.js"></script></head></html>`,
    );
  beforeAll(() => {
    built = mkdtempSync(join(tmpdir(), 'start-links-'));
    mkdirSync(join(built, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_runtime.js'], isEntry: true },
      '_runtime.js': { file: 'assets/runtime.js' },
      '_texts.js': { file: 'assets/texts.js', imports: ['_runtime.js'] },
      'src/app/boot/texts.ts': { file: 'assets/texts-entry.js', imports: ['_texts.js'], isEntry: true },
      'src/app/boot/start.tsx': {
        file: 'assets/start-entry.js',
        imports: ['_texts.js'],
        css: ['assets/start.css'],
        dynamicImports: ['src/screen.tsx'],
        isEntry: true,
      },
      // A screen's code is the screen's to link, not the start's.
      'src/screen.tsx': { file: 'assets/screen.js', isDynamicEntry: true },
    };
    writeFileSync(join(built, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  it("passes when every start step's code, its imports and its styles are linked", () => {
    page([
      'assets/runtime.js',
      'assets/texts.js',
      'assets/texts-entry.js',
      'assets/start-entry.js',
      'assets/start.css',
    ]);
    expect(unlinkedStartFiles(built)).toEqual([]);
  });

  it('names the code and the styles left out', () => {
    page(['assets/runtime.js', 'assets/texts-entry.js', 'assets/start-entry.js']);
    expect(unlinkedStartFiles(built)).toEqual(['assets/start.css', 'assets/texts.js']);
  });
});
