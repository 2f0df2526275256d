// Lighthouse on every member screen: what a phone on a slow network sees, as numbers.
// Part of `npm run bench` (BENCH_LIGHTHOUSE=0 skips it); alone against an app that is already running:
//
//   node scripts/bench/lighthouse.mjs http://127.0.0.1:3000
//
// Lighthouse's default mobile emulation and simulated throttling, performance only, each screen
// BENCH_LIGHTHOUSE_RUNS times (default 5); the row is the run with the median score, and says which
// targets the lowest-scoring run misses (a screen whose runs straddle a target is not yet safely past
// it). The scores depend on the host's CPU (Lighthouse scales its simulation to its benchmarkIndex, and a
// busy machine blocks the main thread longer): each row prints the benchmarkIndex of its runs, and rows
// compare within one run, not across machines. Benchmarks print; they never fail a build.
//
// The public screens are measured without a session (signed in, /signin sends the member home). Then
// one member is made through the API (scripts/bench/member-fixture.mjs: purchases, a redeemed privilege,
// notifications, a cart) and its tokens are put in the browser's local storage, where the app restores a
// session on load, for the member's screens. The code screen (Redeem Now) is a state of the wallet item's
// page, not an address: its row is a Lighthouse timespan of the tap that opens it, on the loaded page,
// with devtools throttling (a timespan cannot simulate) — TBT, CLS and INP of that tap.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { startTimespan } from 'lighthouse';
import { pathToFileURL } from 'node:url';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chooseCartForCheckout,
  describeFixture,
  memberFixture,
  storeSession,
  withPage,
} from './member-fixture.mjs';

const CHROME_PATH = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What "fast" means here; a row lists each target its lowest-scoring run misses. */
const TARGETS = [
  { miss: (f) => f.score < 95, text: 'score ≥ 95' },
  { miss: (f) => f.lcp > 2500, text: 'LCP ≤ 2.5 s' },
  { miss: (f) => f.tbt > 150, text: 'TBT ≤ 150 ms' },
  { miss: (f) => f.cls > 0.02, text: 'CLS ≤ 0.02' },
  { miss: (f) => f.inp > 200, text: 'INP ≤ 200 ms' },
];

const LIGHTHOUSE_FLAGS = { output: 'json', logLevel: 'error', onlyCategories: ['performance'] };

/**
 * BENCH_LIGHTHOUSE_THROTTLING=devtools loads each page slowed for real (CPU and network, Lighthouse's
 * slow-4G phone) instead of loading it at full speed and simulating the slow phone from that trace
 * (the default). The simulation multiplies every task of a fast host's load, its noise included, and
 * models neither how a slow browser's parser yields nor where its paints fall: the two can disagree
 * on what a change did, and a change is better judged on both.
 */
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';

/**
 * BENCH_LIGHTHOUSE_HOST_INDEX=1350 takes the figures for a host of that benchmarkIndex (this project's
 * machines rate 1,000–1,700) whatever the host running them: Lighthouse slows the CPU 4× from the host
 * it finds, so on a host rated twice as fast the 4× describes a phone twice as fast. Each navigation
 * run's multiplier is 4 × (the host's index / this one), the host's index taken from the run before it
 * (the first is a calibration run, not counted) — as PageSpeed Insights lowers its multiplier for its
 * slower hosts. Unset: Lighthouse's own 4×. The tap row (devtools throttling) keeps 4× either way.
 */
const HOST_INDEX = Number(process.env.BENCH_LIGHTHOUSE_HOST_INDEX ?? 0) || null;
const MOBILE_CPU_SLOWDOWN = 4;
let lastHostIndex = null;
const cpuMultiplier = () =>
  HOST_INDEX && lastHostIndex ? (MOBILE_CPU_SLOWDOWN * lastHostIndex) / HOST_INDEX : MOBILE_CPU_SLOWDOWN;

const fail = (what, res, body) =>
  new Error(`${what}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);

async function firstOnSale(base, list) {
  const res = await fetch(`${base}/bff/${list}?limit=20`);
  const body = await res.json().catch(() => null);
  if (!res.ok) throw fail(`GET /bff/${list}`, res, body);
  const item = body.data.items.find((v) => v.unavailableReason === null);
  if (!item) throw new Error(`nothing on sale in the first page of /bff/${list}`);
  return item.id;
}

function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (r) => r.resourceType === 'Script',
  );
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    inp: audit('interaction-to-next-paint'),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    finalUrl: lhr.finalDisplayedUrl,
    error: lhr.runtimeError?.message,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/**
 * BENCH_LIGHTHOUSE_KEEP=<folder> keeps each counted run's report there (JSON, for Lighthouse's viewer or
 * its `long-tasks` and `bootup-time` audits): what the row's TBT was made of.
 */
const KEEP_DIR = process.env.BENCH_LIGHTHOUSE_KEEP || null;
let kept = 0;
function keepReport(lhr, path) {
  if (!KEEP_DIR) return;
  mkdirSync(KEEP_DIR, { recursive: true });
  const name = `${String(++kept).padStart(2, '0')}${path.replace(/[^a-z0-9]+/gi, '-')}.json`;
  writeFileSync(join(KEEP_DIR, name), JSON.stringify(lhr));
}

/** One navigation run; a run that ended on another screen (a redirect) is an error of the screen. */
async function navigationRun(port, base, path) {
  if (HOST_INDEX && !lastHostIndex) {
    const { lhr } = await lighthouse(base + path, { port, ...LIGHTHOUSE_FLAGS });
    lastHostIndex = lhr.environment?.benchmarkIndex ?? null;
  }
  const multiplier = cpuMultiplier();
  const { lhr } = await lighthouse(base + path, {
    port,
    ...LIGHTHOUSE_FLAGS,
    throttlingMethod: THROTTLING,
    throttling: { cpuSlowdownMultiplier: multiplier },
  });
  keepReport(lhr, path);
  const figures = { ...figuresOf(lhr), multiplier };
  if (figures.benchmarkIndex) lastHostIndex = figures.benchmarkIndex;
  if (!figures.error && new URL(figures.finalUrl).pathname !== path)
    throw new Error(`REDIRECTED to ${figures.finalUrl} — not the screen asked for, not measured`);
  return figures;
}

/**
 * One timespan run of a tap: the page is loaded at `path` outside the measurement, then Lighthouse
 * watches from just before the tap until `shown` is on screen and the page has settled.
 */
async function tapRun(port, base, { path, tap, shown }) {
  return withPage(port, async (page) => {
    await page.goto(base + path, { waitUntil: 'networkidle0' });
    if (new URL(page.url()).pathname !== path)
      throw new Error(`REDIRECTED to ${page.url()} — not the screen asked for, not measured`);
    await page.waitForSelector(tap, { visible: true });
    const { endTimespan } = await startTimespan(page, {
      flags: { ...LIGHTHOUSE_FLAGS, throttlingMethod: 'devtools' },
    });
    await page.click(tap);
    await page.waitForSelector(shown, { visible: true });
    await new Promise((r) => setTimeout(r, 1000));
    const { lhr } = await endTimespan();
    return figuresOf(lhr);
  });
}

/**
 * Runs one screen `runs` times. The row: the run with the median score, the scores and benchmarkIndex
 * range of all runs, and the run with the lowest score (its misses are the row's). A redirect fails the
 * screen: its figures would be another screen's.
 */
async function measure(run, runs) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await run());
  // A run now and then loses its trace on a busy machine (NO_NAVSTART, NO_FCP): the median of the runs
  // that worked, saying how many did; the screen fails only when none did.
  const good = results.filter((r) => !r.error).sort((a, b) => a.score - b.score);
  if (!good.length) return results[0];
  const indexes = good.map((r) => r.benchmarkIndex ?? NaN);
  const multipliers = good.map((r) => r.multiplier ?? MOBILE_CPU_SLOWDOWN);
  const median = {
    ...good[Math.floor((good.length - 1) / 2)],
    scores: good.map((r) => r.score),
    lowest: good[0],
    benchmarkIndexes: [Math.min(...indexes), Math.max(...indexes)],
    multipliers: [Math.min(...multipliers), Math.max(...multipliers)],
  };
  return good.length < runs
    ? { ...median, note: `median of ${good.length} of ${runs} runs; ${results.find((r) => r.error).error}` }
    : median;
}

const COLUMNS = [
  ['screen', 22],
  ['score', 5],
  ['runs', 7],
  ['LCP', 7],
  ['TBT', 8],
  ['CLS', 6],
  ['FCP', 7],
  ['INP', 7],
  ['JS transferred', 19],
  ['bench idx', 10],
];
const HEADER = `${COLUMNS.map(([name, w], i) => (i ? name.padStart(w) : name.padEnd(w))).join(' ')}  lowest run`;
const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');
const millis = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '—');

function row(name, f) {
  if (f.error) return `${name.padEnd(22)} FAILED: ${f.error}`;
  const misses = TARGETS.filter((t) => t.miss(f.lowest)).map((t) => t.text);
  const [lo, hi] = f.benchmarkIndexes.map((i) => Math.round(i));
  const cells = [
    name,
    String(f.score),
    f.scores.length > 1 ? `${f.scores[0]}–${f.scores.at(-1)}` : '',
    seconds(f.lcp),
    millis(f.tbt),
    f.cls.toFixed(3),
    seconds(f.fcp),
    millis(f.inp),
    `${(f.jsBytes / 1024).toFixed(1)} KiB in ${f.jsFiles}`,
    lo === hi ? String(lo) : `${lo}–${hi}`,
  ];
  return [
    cells.map((c, i) => (i ? c.padStart(COLUMNS[i][1]) : c.padEnd(COLUMNS[i][1]))).join(' '),
    ` ${misses.length ? `misses ${misses.join(', ')}` : 'meets every target'}`,
    HOST_INDEX && f.multipliers
      ? ` (CPU ×${f.multipliers.map((m) => m.toFixed(1)).join('–')} for a host of ${HOST_INDEX})`
      : '',
    f.note ? ` (${f.note})` : '',
  ]
    .join('')
    .trimEnd();
}

/**
 * The screens in the order they are measured: the public ones first (no session yet), then `signIn`
 * makes the member and stores its session, then the member's screens. `prepare` runs before a screen's
 * runs (the checkout needs the cart's lines chosen); `tap` makes the row a timespan of a tap.
 */
function screens(base) {
  let member;
  return [
    { name: 'home', path: async () => '/home' },
    { name: 'voucher detail', path: async () => `/vouchers/${await firstOnSale(base, 'vouchers')}` },
    { name: 'privilege detail', path: async () => `/privileges/${await firstOnSale(base, 'privileges')}` },
    { name: 'sign-in', path: async () => '/signin' },
    {
      name: 'profile',
      path: async (port) => {
        member = await memberFixture(base);
        await withPage(port, (page) => storeSession(page, base, member));
        console.log(`  (${describeFixture(member)})`);
        return '/profile';
      },
    },
    { name: 'cart (3 lines)', path: async () => '/cart' },
    {
      name: 'checkout (3 lines)',
      path: async (port) => {
        await withPage(port, (page) => chooseCartForCheckout(page, base));
        return '/checkout';
      },
    },
    { name: 'wallet (10 items)', path: async () => '/wallet' },
    { name: 'wallet item', path: async () => `/wallet/${member.walletVoucherId}` },
    {
      name: 'wallet item: open code',
      path: async () => `/wallet/${member.walletVoucherId}`,
      tap: { tap: '[data-testid="redeem-now"]', shown: '[data-testid="code-screen"]' },
    },
    { name: 'notifications (20)', path: async () => '/notifications' },
    { name: 'transaction history', path: async () => '/profile/history' },
    { name: 'points history', path: async () => '/privileges/history' },
  ];
}

/**
 * BENCH_LIGHTHOUSE_SCREENS=home,cart measures only the screens whose names start with one of these
 * (the others' set-up still runs: a member's screens need the member the profile's row makes).
 */
const SCREENS = process.env.BENCH_LIGHTHOUSE_SCREENS?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const chosen = (name) => !SCREENS?.length || SCREENS.some((s) => name.startsWith(s));

/**
 * Prints the Lighthouse table for the running app at `base`. Never throws for a screen that could not be
 * measured: that screen's row says why, and the others are still measured (a member's screen whose
 * member could not be made fails with that reason).
 */
export async function lighthouseReport({ base, runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5) }) {
  if (process.env.BENCH_LIGHTHOUSE === '0') return;
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  } catch (err) {
    console.log(
      `\nLighthouse skipped: ${CHROME_PATH} did not start (${err instanceof Error ? err.message : err})`,
    );
    return;
  }
  const started = performance.now();
  try {
    console.log(
      `\nLighthouse (mobile emulation, ${THROTTLING === 'devtools' ? 'applied (devtools) throttling' : 'simulated throttling'}), median of ${runs} run${runs === 1 ? '' : 's'} by score; runs: the lowest and highest score; bench idx: Lighthouse's benchmarkIndex over the runs (lower is a slower or busier machine)${HOST_INDEX ? `; CPU slowdown scaled to a host of benchmarkIndex ${HOST_INDEX} (BENCH_LIGHTHOUSE_HOST_INDEX)` : ''}`,
    );
    console.log(HEADER);
    for (const screen of screens(base)) {
      let figures;
      try {
        const path = await screen.path(chrome.port);
        if (!chosen(screen.name)) continue;
        figures = await measure(
          () =>
            screen.tap
              ? tapRun(chrome.port, base, { path, ...screen.tap })
              : navigationRun(chrome.port, base, path),
          runs,
        );
      } catch (err) {
        figures = { error: err instanceof Error ? err.message : String(err) };
      }
      console.log(row(screen.name, figures));
    }
    console.log(
      `targets: ${TARGETS.map((t) => t.text).join(', ')} (INP only where a tap is measured); JS is the Script transfer size (compressed, with headers). ` +
        `${Math.round((performance.now() - started) / 1000)} s.`,
    );
  } finally {
    chrome.kill();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  await lighthouseReport({ base });
}
