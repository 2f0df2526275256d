// Where a screen's start goes on a slow phone: the long tasks of one load under CPU throttling (a
// timeline trace), then the JavaScript inside them by library and by the app's own functions (a CPU
// profile read through the build's source maps). Lighthouse says how long the main thread was blocked;
// this says by what. Against an app that is already running, built with source maps:
//
//   WEB_SOURCEMAP=1 npm run build && npm run serve
//   node scripts/bench/start-profile.mjs http://127.0.0.1:3000/home [--member] [--rate 8] [--inside i18next]
//     [--tap '[data-testid="redeem-now"]']    (a wallet item: …/wallet/{walletVoucherId} --member)
//
// --member makes a member through the API (scripts/bench/member-fixture.mjs) and opens the page with its
// session, as a returning member's phone would (the signed-in hint cookie included). --rate is the CPU
// slowdown: Lighthouse's 4× scaled to the host, as `BENCH_LIGHTHOUSE_HOST_INDEX` does (a host rated
// 2,700 slowed 8× stands for one of 1,350 slowed 4×). Figures are throttled milliseconds.
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { memberFixture } from './member-fixture.mjs';

const args = process.argv.slice(2);
let url = args.find((a) => a.startsWith('http'));
if (!url)
  throw new Error(
    'usage: start-profile.mjs <url> [--member] [--rate 8] [--inside <library>] [--tap <selector>]',
  );
const rateAt = args.indexOf('--rate');
const rate = rateAt >= 0 ? Number(args[rateAt + 1]) : 8;
// --inside: that library's own functions by self time too (where its share of the time goes).
const insideAt = args.indexOf('--inside');
const insideLibrary = insideAt >= 0 ? args[insideAt + 1] : null;
// --tap: not the load but a tap on the loaded page (the screen's code loaded on the tap, and its drawing).
const tapAt = args.indexOf('--tap');
const tapOn = tapAt >= 0 ? args[tapAt + 1] : null;
const LONG_MS = 50;
/** A package's name from a source's path below node_modules. */
const libraryOf = (file) => file.replace(/^((@[^/]+\/)?[^/]+).*/, '$1');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (args.includes('--member')) {
    const member = await memberFixture(new URL(url).origin);
    // The member's own voucher: …/wallet/{walletVoucherId}
    url = url.replace('{walletVoucherId}', member.walletVoucherId);
    await page.goto(new URL('/health', url).href);
    await page.evaluate(
      ([access, refresh]) => {
        localStorage.setItem('accessToken', access);
        localStorage.setItem('refreshToken', refresh);
        globalThis.document.cookie = 'member=1; Path=/; Max-Age=3600; SameSite=Lax';
      },
      [member.accessToken, member.refreshToken],
    );
  }
  if (tapOn) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator(tapOn).waitFor();
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] },
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  if (tapOn) await page.locator(tapOn).tap();
  else await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(tapOn ? 4000 : 1500);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traced;

  const tasks = printLongTasks(events);
  printProfile(profile, new URL(url).origin, tasks);
} finally {
  await browser.close();
}

/** The renderer's main thread's tasks over 50 ms, each with its largest parts. */
function printLongTasks(events) {
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X');
  const t0 = Math.min(...onMain.map((e) => e.ts));
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  let blocking = 0;
  const long = onMain.filter((e) => e.name === 'RunTask' && e.dur > LONG_MS * 1000);
  console.log(
    `Long tasks (CPU ×${rate}; ms from the first task${paint ? `, first paint at ${((paint.ts - t0) / 1000).toFixed(0)}` : ''}):`,
  );
  for (const task of long) {
    blocking += task.dur / 1000 - LONG_MS;
    const parts = new Map();
    for (const e of onMain)
      if (
        e !== task &&
        e.ts >= task.ts &&
        e.ts + e.dur <= task.ts + task.dur &&
        e.dur > 3000 &&
        e.name !== 'RunTask'
      )
        parts.set(e.name, Math.max(parts.get(e.name) ?? 0, e.dur));
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(
      `  at ${String(((task.ts - t0) / 1000).toFixed(0)).padStart(5)}  ${String((task.dur / 1000).toFixed(0)).padStart(4)} ms  ${top.map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`).join(' | ')}`,
    );
  }
  // Lighthouse's Total Blocking Time counts the tasks after the first paint (until the page is quiet).
  const afterPaint = paint
    ? long.filter((t) => t.ts >= paint.ts).reduce((sum, t) => sum + t.dur / 1000 - LONG_MS, 0)
    : NaN;
  console.log(
    `  past 50 ms in all: ${blocking.toFixed(0)} ms; after the first paint: ${afterPaint.toFixed(0)} ms\n`,
  );
  return long.map((task) => ({ at: (task.ts - t0) / 1000, from: task.ts, to: task.ts + task.dur }));
}

/**
 * Self time by library (or the app's file), the app's own functions by the time spent inside them, and
 * in each long task the app's functions that its samples were under (the innermost one of each sample's
 * stack). The profile's and the trace's clocks are the same, so a sample falls in the task it ran in.
 */
function printProfile(profile, origin, tasks) {
  const maps = new Map();
  const mapOf = (scriptUrl) => {
    if (!scriptUrl.startsWith(`${origin}/assets/`)) return null;
    if (!maps.has(scriptUrl)) {
      const file = new URL(
        `../../apps/web/dist/assets/${scriptUrl.split('/assets/')[1]}.map`,
        import.meta.url,
      );
      maps.set(
        scriptUrl,
        existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null,
      );
    }
    return maps.get(scriptUrl);
  };
  const where = ({ url: scriptUrl, lineNumber, columnNumber, functionName }) => {
    const map = scriptUrl ? mapOf(scriptUrl) : null;
    const at = map?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    if (!at?.source)
      return {
        file: scriptUrl ? scriptUrl.replace(/.*\//, '') : `(${functionName || 'native'})`,
        fn: functionName,
      };
    const file = at.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
    return { file, fn: `${file}:${at.line} ${functionName || at.name || ''}` };
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, { ...n, self: 0, at: where(n.callFrame) }]));
  profile.samples.forEach((id, i) => (nodes.get(id).self += profile.timeDeltas[i + 1] ?? 0));
  const total = (n) => (n.total ??= n.self + (n.children ?? []).reduce((s, c) => s + total(nodes.get(c)), 0));
  const root = nodes.get(profile.nodes[0].id);
  total(root);

  const byLibrary = new Map();
  for (const n of nodes.values()) {
    if (/^\((idle|program|garbage collector)\)$/.test(n.at.file)) continue;
    const library = n.at.file.startsWith('src/') ? n.at.file : libraryOf(n.at.file);
    byLibrary.set(library, (byLibrary.get(library) ?? 0) + n.self);
  }
  console.log('JavaScript self time by library or file (ms):');
  for (const [name, us] of [...byLibrary].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${(us / 1000).toFixed(1).padStart(7)}  ${name}`);

  if (insideLibrary) {
    const own = new Map();
    for (const n of nodes.values()) {
      if (!n.at.file.startsWith(insideLibrary)) continue;
      const name = `${n.at.file}:${n.callFrame.functionName || '(anonymous)'}`;
      own.set(name, (own.get(name) ?? 0) + n.self);
    }
    console.log(`\n${insideLibrary}: its functions by self time (ms):`);
    for (const [name, us] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${(us / 1000).toFixed(1).padStart(7)}  ${name}`);
  }

  // Inclusive time of the app's own functions, each counted once per call stack.
  const inside = new Map();
  const walk = (n, seen) => {
    const own = n.at.file.startsWith('src/') && n.at.fn;
    if (own && !seen.has(n.at.fn)) {
      inside.set(n.at.fn, (inside.get(n.at.fn) ?? 0) + n.total);
      seen = new Set(seen).add(n.at.fn);
    }
    for (const c of n.children ?? []) walk(nodes.get(c), seen);
  };
  walk(root, new Set());
  console.log('\nThe app’s functions, time inside them (ms):');
  for (const [name, us] of [...inside].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${(us / 1000).toFixed(1).padStart(7)}  ${name}`);

  const parent = new Map();
  for (const n of nodes.values()) for (const c of n.children ?? []) parent.set(c, n);
  // The app's innermost function, else the library the sample was in (module evaluation has no caller).
  const innermostOwn = (n) => {
    for (let at = n; at; at = parent.get(at.id))
      if (at.at.file.startsWith('src/') && at.at.fn) return at.at.fn;
    return /^\(/.test(n.at.file) ? null : `[${libraryOf(n.at.file)}]`;
  };
  // Every app function a sample's stack passes through, once per sample: what a long task was drawing.
  const ownOnStack = (n) => {
    const fns = new Set();
    for (let at = n; at; at = parent.get(at.id))
      if (at.at.file.startsWith('src/') && at.at.fn) fns.add(at.at.fn);
    return fns;
  };
  const perTask = tasks.map(() => new Map());
  const underTask = tasks.map(() => new Map());
  const libraryInTask = tasks.map(() => new Map());
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    ts += profile.timeDeltas[i] ?? 0;
    const task = tasks.findIndex((t) => ts >= t.from && ts <= t.to);
    if (task < 0) return;
    const us = profile.timeDeltas[i + 1] ?? 0;
    const fn = innermostOwn(nodes.get(id));
    if (fn) perTask[task].set(fn, (perTask[task].get(fn) ?? 0) + us);
    for (const own of ownOnStack(nodes.get(id)))
      underTask[task].set(own, (underTask[task].get(own) ?? 0) + us);
    const { file } = nodes.get(id).at;
    const library = file.startsWith('src/') ? file : libraryOf(file);
    libraryInTask[task].set(library, (libraryInTask[task].get(library) ?? 0) + us);
  });
  console.log('\nIn each long task, the app’s innermost functions (ms):');
  tasks.forEach((task, i) => {
    const top = [...perTask[i]].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(
      `  at ${task.at.toFixed(0).padStart(5)}  ${top.map(([fn, us]) => `${fn} ${(us / 1000).toFixed(0)}`).join(' | ') || '(none of the app’s)'}`,
    );
  });
  console.log(
    '\nIn each long task, the app’s functions its time was spent inside (ms, nested ones each count):',
  );
  tasks.forEach((task, i) => {
    const top = [...underTask[i]].sort((a, b) => b[1] - a[1]).slice(0, 12);
    if (!top.length) return;
    const libraries = [...libraryInTask[i]].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `  at ${task.at.toFixed(0).padStart(5)}  (self time: ${libraries.map(([l, us]) => `${l} ${(us / 1000).toFixed(0)}`).join(' | ')})`,
    );
    for (const [fn, us] of top) console.log(`    ${(us / 1000).toFixed(0).padStart(4)}  ${fn}`);
  });
}
