// Lighthouse on the screens a member lands on first: what a phone on a slow network sees, as numbers.
// Part of `npm run bench` (BENCH_LIGHTHOUSE=0 skips it); alone against an app that is already running:
//
//   node scripts/bench/lighthouse.mjs http://127.0.0.1:3000
//
// Lighthouse's default mobile emulation and simulated throttling, performance only, each page
// BENCH_LIGHTHOUSE_RUNS times (default 3); the row is the run with the median score. The scores depend on
// the host's CPU (Lighthouse scales its simulation to it, and a busy machine blocks the main thread longer),
// so compare rows of one run, not runs on different machines. Benchmarks print; they never fail a build.
//
// The profile row needs a signed-in member: one is signed in through the dev mailbox (so the app must
// run outside production), given a complete profile (an incomplete one is sent to /profile/edit) and its
// tokens are put in the browser's local storage, where the app restores a session from on load.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

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

/** What "fast" means here; a row lists each target it misses. */
const TARGETS = [
  { name: 'score', miss: (f) => f.score < 95, text: 'score ≥ 95' },
  { name: 'LCP', miss: (f) => f.lcp > 2500, text: 'LCP ≤ 2.5 s' },
  { name: 'TBT', miss: (f) => f.tbt > 150, text: 'TBT ≤ 150 ms' },
  { name: 'CLS', miss: (f) => f.cls > 0.02, text: 'CLS ≤ 0.02' },
  { name: 'JS', miss: (f) => f.jsBytes > 150 * 1024, text: 'JS ≤ 150 KiB' },
];

/** The app's local-storage keys for the session (apps/web/src/shared/api/tokens.ts). */
const ACCESS_TOKEN_KEY = 'accessToken';
const REFRESH_TOKEN_KEY = 'refreshToken';

const fail = (what, res, body) =>
  new Error(`${what}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);

async function call(base, method, path, { body, token } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw fail(`${method} ${path}`, res, json);
  return json;
}

/** A new member signed in the way a person does (code from the dev mailbox), with a complete profile. */
async function signedInMember(base) {
  // A fresh address each time: no earlier code in the mailbox to pick up, no per-address send limit.
  const email = `lighthouse-${randomBytes(4).toString('hex')}@example.com`;
  await call(base, 'POST', '/auth/otp/send-otp', { body: { email } });
  const mails = await call(base, 'GET', '/dev/mailbox.json');
  const mail = (mails.data ?? mails).find((m) => m.to === email || m.to?.includes?.(email));
  const code = `${mail?.subject ?? ''}\n${mail?.text ?? ''}`.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no sign-in code for ${email} in /dev/mailbox.json`);
  const { data } = await call(base, 'POST', '/auth/login', { body: { email, otp: code } });
  await call(base, 'PATCH', '/auth/users/update', {
    token: data.accessToken,
    body: {
      firstName: 'Lighthouse',
      lastName: 'Bench',
      dateOfBirth: '1990-01-01',
      phoneCode: '+66',
      phoneNumber: '0812345678',
    },
  });
  return { accessToken: data.accessToken, refreshToken: data.refreshTokens?.[0]?.token ?? data.refreshToken };
}

/** A voucher a member can buy now: its detail screen is the one a shared link opens. */
async function onSaleVoucherId(base) {
  const { data } = await call(base, 'GET', '/bff/vouchers?limit=20');
  const voucher = data.items.find((v) => v.unavailableReason === null);
  if (!voucher) throw new Error('no voucher on sale in the first page of /bff/vouchers');
  return voucher.id;
}

/** Puts the session where the app looks for it on load; Lighthouse's storage reset leaves local storage. */
async function storeSession(port, base, tokens) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // Any response of the app's origin will do; /health does not start the web app.
    await page.goto(`${base}/health`);
    await page.evaluate(
      ([keys, values]) => keys.forEach((k, i) => localStorage.setItem(k, values[i])),
      [
        [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY],
        [tokens.accessToken, tokens.refreshToken],
      ],
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
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
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    finalUrl: lhr.finalDisplayedUrl,
    error: lhr.runtimeError?.message,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/**
 * Runs Lighthouse `runs` times on one page; the run with the median score. Any run that ended on another
 * screen (a redirect: the profile without a session goes to /signin) fails the page: its figures would be
 * another screen's.
 */
async function measurePage(port, base, path, runs) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const { lhr } = await lighthouse(base + path, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const figures = figuresOf(lhr);
    if (!figures.error && new URL(figures.finalUrl).pathname !== path)
      return { error: `REDIRECTED to ${figures.finalUrl} — not the screen asked for, not measured` };
    results.push(figures);
  }
  // A run now and then loses its trace on a busy machine (NO_NAVSTART, NO_FCP): the median of the runs
  // that worked, saying how many did; the page fails only when none did.
  const good = results.filter((r) => !r.error).sort((a, b) => a.score - b.score);
  if (!good.length) return results[0];
  // The scores of all the runs as well: a page whose runs straddle a target is not yet safely past it.
  const median = { ...good[Math.floor((good.length - 1) / 2)], scores: good.map((r) => r.score) };
  return good.length < runs
    ? { ...median, note: `median of ${good.length} of ${runs} runs; ${results.find((r) => r.error).error}` }
    : median;
}

const HEADER = `${'page'.padEnd(16)} ${'score'.padStart(5)} ${'runs'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'FCP'.padStart(7)} ${'JS transferred'.padStart(20)}  misses`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function row(name, f) {
  if (f.error) return `${name.padEnd(16)} FAILED: ${f.error}`;
  const misses = TARGETS.filter((t) => t.miss(f)).map((t) => t.text);
  const js = `${(f.jsBytes / 1024).toFixed(1)} KiB in ${f.jsFiles}`;
  return [
    name.padEnd(16),
    String(f.score).padStart(5),
    (f.scores.length > 1 ? `${f.scores[0]}–${f.scores.at(-1)}` : '').padStart(7),
    seconds(f.lcp).padStart(7),
    `${Math.round(f.tbt)} ms`.padStart(8),
    f.cls.toFixed(3).padStart(6),
    seconds(f.fcp).padStart(7),
    js.padStart(20),
    ` ${misses.length ? misses.join(', ') : 'all targets met'}`,
    f.note ? ` (${f.note})` : '',
  ]
    .join(' ')
    .trimEnd();
}

/**
 * Prints the Lighthouse table for the running app at `base`. Never throws for a page that could not be
 * measured: that page's row says why, and the others are still measured.
 */
export async function lighthouseReport({ base, runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) }) {
  if (process.env.BENCH_LIGHTHOUSE === '0') return;
  const pages = [
    { name: 'home', path: async () => '/home' },
    { name: 'voucher detail', path: async () => `/vouchers/${await onSaleVoucherId(base)}` },
    { name: 'signin', path: async () => '/signin' },
    {
      name: 'profile',
      // The session goes in last: signed in, /signin would redirect to /home.
      path: async (port) => {
        await storeSession(port, base, await signedInMember(base));
        return '/profile';
      },
    },
  ];
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  } catch (err) {
    console.log(
      `\nLighthouse skipped: ${CHROME_PATH} did not start (${err instanceof Error ? err.message : err})`,
    );
    return;
  }
  try {
    console.log(
      `\nLighthouse (mobile emulation, simulated throttling), median of ${runs} run${runs === 1 ? '' : 's'} by score; runs: the lowest and highest score`,
    );
    console.log(HEADER);
    let benchmarkIndex;
    for (const page of pages) {
      let figures;
      try {
        const path = await page.path(chrome.port);
        figures = await measurePage(chrome.port, base, path, runs);
      } catch (err) {
        figures = { error: err instanceof Error ? err.message : String(err) };
      }
      benchmarkIndex ??= figures.benchmarkIndex;
      console.log(row(page.name, figures));
    }
    console.log(
      `targets: ${TARGETS.map((t) => t.text).join(', ')}; JS is the Script transfer size (compressed, with headers). ` +
        `Host benchmarkIndex ${Math.round(benchmarkIndex ?? 0)} (Lighthouse's CPU figure: lower is a slower or busier machine).`,
    );
  } finally {
    chrome.kill();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  await lighthouseReport({ base });
}
