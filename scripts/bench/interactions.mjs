// How quickly a member's taps answer on a mid-range phone: Interaction to Next Paint of the app's main
// taps, in Chromium with its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate) and a phone's screen.
// Part of `npm run bench` (BENCH_INTERACTIONS=0 skips it); alone against an app that is already running
// (outside production: the member signs in through the dev mailbox):
//
//   node scripts/bench/interactions.mjs http://127.0.0.1:3000
//
// INP comes from the `web-vitals` library (onINP, reportAllChanges), put into each page before the app's
// own code. Each repetition loads the screen afresh and waits until it is settled, so the figure is that
// screen's tap alone; where a task takes two taps (add to cart: the sheet, then its button) the page's
// INP is the slower of them, as web-vitals counts it. Interactions quicker than the Event Timing API's
// 16 ms floor report nothing: they print as "< 16 ms". Benchmarks print; they never fail a build.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { memberFixture, storeSession } from './member-fixture.mjs';

const CHROME_PATH = '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
const REPETITIONS = Number(process.env.BENCH_INTERACTION_REPS ?? 5);
const TARGET_MS = 200;
/** The phone Lighthouse's mobile emulation is (a Moto G Power): the same screen as its rows. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** The Event Timing API reports no interaction shorter than this. */
const FLOOR_MS = 16;

// The package's browser build with attribution (a script defining `webVitals`), beside the module its
// entry names: the slowest tap's time split into input delay, processing and presentation, and the
// scripts of its long animation frames, so a row over target says where its time went.
const WEB_VITALS = readFileSync(
  fileURLToPath(new URL('web-vitals.attribution.iife.js', import.meta.resolve('web-vitals'))),
  'utf8',
);
// The page keeps the latest INP where the bench reads it.
const REPORT_INP = `${WEB_VITALS};webVitals.onINP((m) => {
  const a = m.attribution;
  const scripts = (a.longAnimationFrameEntries ?? []).flatMap((f) => f.scripts ?? []);
  const longest = scripts.sort((x, y) => y.duration - x.duration)[0];
  window.__benchInp = {
    value: m.value,
    parts: [a.inputDelay, a.processingDuration, a.presentationDelay].map(Math.round),
    script: longest
      ? \`\${longest.invokerType} \${longest.invoker || ''} \${(longest.sourceURL || '').split('/').pop()}:\${longest.sourceFunctionName || '?'} \${Math.round(longest.duration)} ms\`
      : null,
  };
}, { reportAllChanges: true, durationThreshold: ${FLOOR_MS} });`;

const testid = (id) => `[data-testid="${id}"]`;

/** The taps measured: where, what is tapped, and what shows when the tap has done its work. */
const interactions = (member) => [
  {
    name: 'add to cart (voucher detail)',
    path: `/vouchers/${member.spareVoucherId}`,
    // An empty cart each time: a line holds at most 10, and the bench adds one per repetition.
    before: (base) =>
      fetch(`${base}/bff/cart/clear`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${member.accessToken}` },
      }),
    steps: [
      [testid('add-to-cart'), testid('buy-sheet-confirm')],
      [testid('buy-sheet-confirm'), testid('cart-added')],
    ],
  },
  {
    name: 'open the filter (vouchers)',
    path: '/vouchers',
    steps: [[testid('open-filter'), testid('filter-apply')]],
  },
  {
    name: "home's category tab",
    path: '/home',
    steps: [[testid('tab-privilege'), `${testid('tab-privilege')}[aria-selected="true"]`]],
  },
  {
    name: 'open a wallet code',
    path: `/wallet/${member.walletVoucherId}`,
    steps: [[testid('redeem-now'), testid('code-screen')]],
  },
  {
    name: 'mark a notification read',
    path: '/notifications',
    // Each repetition opens the newest notification still unread: opening it marks it read.
    steps: [[`${testid('notification-item')}[data-unread="true"]`, testid('notification-detail')]],
  },
];

/** The slowest interaction of the current row, with its attribution (reset per row). */
let slowest = null;

/** One repetition: a fresh page at `path`, each tap and what it shows in turn; the page's INP. */
async function repetition(browser, base, member, { path, steps, before }) {
  await before?.(base);
  const page = await browser.newPage();
  try {
    await page.setViewport(PHONE);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.evaluateOnNewDocument(REPORT_INP);
    await page.goto(base + path, { waitUntil: 'networkidle2' });
    if (new URL(page.url()).pathname !== path) throw new Error(`redirected to ${page.url()}`);
    for (const [tap, shown] of steps) {
      await page.waitForSelector(tap, { visible: true });
      // In the middle of the screen, as a person would have it: at the bottom, the fixed navigation bar
      // would take the tap (the fifth notification, below the fold, was never opened).
      await page.$eval(tap, (el) => el.scrollIntoView({ block: 'center' }));
      // A person taps once the screen is drawn, not while it is still starting.
      await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
      await page.click(tap);
      await page.waitForSelector(shown, { visible: true });
    }
    // The Event Timing entry arrives after the next paint: two frames and a moment.
    await page.evaluate(
      () =>
        new Promise((r) =>
          globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(() => setTimeout(r, 300))),
        ),
    );
    const inp = (await page.evaluate(() => globalThis.__benchInp)) ?? null;
    if (inp) slowest = !slowest || inp.value > slowest.value ? inp : slowest;
    return inp?.value ?? null;
  } finally {
    await page.close();
  }
}

const inpText = (ms) => (ms === null ? `< ${FLOOR_MS} ms` : `${Math.round(ms)} ms`);

/** Prints the interaction table for the running app at `base`. A tap that could not be measured says why. */
export async function interactionsReport({ base }) {
  if (process.env.BENCH_INTERACTIONS === '0') return;
  const started = performance.now();
  let browser;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  } catch (err) {
    console.log(`\ninteractions skipped: ${CHROME_PATH} did not start (${err?.message ?? err})`);
    return;
  }
  try {
    const member = await memberFixture(base);
    // Once for the whole browser: the app renews the tokens as it runs and keeps the new ones in the same
    // storage; putting the first ones back later would present a used refresh token, which ends the
    // session.
    const first = await browser.newPage();
    await storeSession(first, base, member);
    await first.close();
    console.log(
      `\ninteractions (INP by web-vitals; CPU ${CPU_SLOWDOWN}× slower, ${PHONE.width}×${PHONE.height} phone screen), ${REPETITIONS} repetitions each, target ≤ ${TARGET_MS} ms`,
    );
    for (const interaction of interactions(member)) {
      const values = [];
      slowest = null;
      let error;
      for (let i = 0; i < REPETITIONS && !error; i++) {
        try {
          values.push(await repetition(browser, base, member, interaction));
        } catch (err) {
          error = err instanceof Error ? err.message.split('\n')[0] : String(err);
        }
      }
      const name = interaction.name.padEnd(30);
      if (error) {
        console.log(`${name} FAILED after ${values.length} repetitions: ${error}`);
        continue;
      }
      const sorted = values.map((v) => v ?? 0).sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      const max = sorted.at(-1);
      const show = (v) => inpText(v === 0 ? null : v).padStart(9);
      const where = slowest
        ? `  slowest: input ${slowest.parts[0]} + processing ${slowest.parts[1]} + presentation ${slowest.parts[2]} ms${slowest.script ? `; longest script ${slowest.script}` : ''}`
        : '';
      console.log(
        `${name} median ${show(median)}  max ${show(max)}  ${max > TARGET_MS ? `OVER ${TARGET_MS} ms` : 'within target'}${where}`,
      );
    }
    console.log(`${Math.round((performance.now() - started) / 1000)} s.`);
  } catch (err) {
    console.log(`interactions FAILED: ${err instanceof Error ? err.message : err}`);
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  await interactionsReport({ base });
}
