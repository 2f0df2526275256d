import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenRoutes } from './bench/bundle.mjs';
import { checkBudget } from './bundle-budget.mjs';

// Random bytes do not compress, so each file's compressed size is known to within its header.
let dist;
const gz = {};
const file = (name, bytes) => {
  const body = randomBytes(bytes);
  writeFileSync(join(dist, 'assets', name), body);
  gz[name] = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
};

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

  it("counts the shell, the route's chunk and its static imports once each, compressed, without CSS or dynamic imports", () => {
    const { rows } = checkBudget({
      dist,
      budget: 1e9,
      routes: { small: ['src/small.tsx'], big: ['src/big.tsx'] },
    });
    expect(rows.map((r) => [r.name, r.js, r.jsFiles])).toEqual([
      ['small', shell() + gz['small.js'], 3],
      ['big', shell() + gz['big.js'], 3],
    ]);
  });

  it('adds the chunks loaded beside the route, once each', () => {
    const { rows } = checkBudget({ dist, budget: 1e9, routes: { both: ['src/small.tsx', 'src/big.tsx'] } });
    expect(rows[0].js).toBe(shell() + gz['small.js'] + gz['big.js']);
  });

  it('passes when every route is within the budget', () => {
    const budget = shell() + gz['big.js'];
    const result = checkBudget({ dist, budget, routes: { small: ['src/small.tsx'], big: ['src/big.tsx'] } });
    expect(result.ok).toBe(true);
    expect(result.rows.every((r) => !r.over)).toBe(true);
  });

  it('fails when one route is over, and names it', () => {
    const budget = shell() + gz['small.js'];
    const result = checkBudget({ dist, budget, routes: { small: ['src/small.tsx'], big: ['src/big.tsx'] } });
    expect(result.ok).toBe(false);
    expect(result.rows.filter((r) => r.over).map((r) => r.name)).toEqual(['big']);
  });

  it('refuses a route the build does not have, so a renamed file cannot escape the budget', () => {
    expect(() => checkBudget({ dist, routes: { gone: ['src/gone.tsx'] } })).toThrow(/src\/gone\.tsx/);
  });

  it('refuses a folder without a build', () => {
    expect(() => checkBudget({ dist: join(dist, 'assets') })).toThrow(/npm run build/);
  });
});

describe('firstScreenRoutes', () => {
  const routesSource = `
const Signin = lazyScreen(() => import('../features/auth/routes/signin.tsx'));
const Home = lazyScreen(() => import('../features/catalogue/routes/home.tsx'), { kit: false });
const VoucherDetail = lazyScreen(() => import('../features/catalogue/routes/voucher-detail.tsx'));
const Profile = lazyScreen(() => import('../features/profile/routes/profile.tsx'));
`;
  const kit = 'src/shared/ui/antd-theme.tsx';

  it("adds antd's theme to the screens declared without { kit: false }", () => {
    expect(firstScreenRoutes({ [kit]: {} }, routesSource)).toEqual({
      home: ['src/features/catalogue/routes/home.tsx'],
      'voucher detail': ['src/features/catalogue/routes/voucher-detail.tsx', kit],
      signin: ['src/features/auth/routes/signin.tsx', kit],
      profile: ['src/features/profile/routes/profile.tsx', kit],
    });
  });

  it('refuses a first screen routes.tsx no longer declares', () => {
    expect(() => firstScreenRoutes({}, routesSource.replace(/.*profile.tsx.*\n/, ''))).toThrow(
      /profile\.tsx/,
    );
  });
});
