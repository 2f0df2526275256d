// `npm run bench`: starts the app as `npm start` would (fresh embedded database unless DATABASE_URL is
// set), measures each scenario with autocannon against a bare route in the same run, and prints
// latency percentiles, requests/s and the ratio to the baseline. Then Lighthouse on every member screen
// (BENCH_LIGHTHOUSE=0 skips it) and the INP of the member's main taps (BENCH_INTERACTIONS=0 skips it).
// Benchmarks print; they never fail a build.
//
// Before the app starts, scripts/bench/seed-catalogue.ts fills the bench database: the demo catalogue
// plus BENCH_SEED_VOUCHERS (default 100,000) generated vouchers. With DATABASE_URL the bench works in a
// schema of its own (bench_<random>), dropped at the end; the embedded database lives in a temporary
// folder, deleted at the end.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { bundleReport } from './bundle.mjs';
import { campaignReport } from './campaign.mjs';
import { checkoutReport } from './checkout.mjs';
import { jobsReport } from './jobs.mjs';
import { dbSizeReport } from './db-size.mjs';
import { interactionsReport } from './interactions.mjs';
import { lighthouseReport } from './lighthouse.mjs';
import { notificationsReport } from './notifications.mjs';
import { scenarios } from './scenarios.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const SEED_VOUCHERS = Number(process.env.BENCH_SEED_VOUCHERS ?? 100_000);
/**
 * BENCH_ONLY picks parts, comma-separated (`BENCH_ONLY=checkout,lighthouse`): reads (the catalogue
 * scenarios), checkout, notifications, lighthouse, interactions, jobs, db-size, campaign, bundle. All
 * by default; BENCH_LIGHTHOUSE=0 and the like still skip one part of them.
 */
const PARTS = [
  'reads',
  'checkout',
  'notifications',
  'lighthouse',
  'interactions',
  'jobs',
  'db-size',
  'campaign',
  'bundle',
];
const only = process.env.BENCH_ONLY?.split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const unknown = only?.filter((p) => !PARTS.includes(p)) ?? [];
if (unknown.length) throw new Error(`BENCH_ONLY: no part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
const runs = (part) => !only || only.includes(part);
/** Parts that need the app this script starts (jobs, db-size and campaign start servers of their own). */
const needsApp = ['reads', 'checkout', 'notifications', 'lighthouse', 'interactions'].some(runs);
const base = `http://127.0.0.1:${PORT}`;

/** A temporary data folder, and with DATABASE_URL a fresh schema; seeded. Returns the app's env and a cleanup. */
async function prepareDatabase() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // The bench is one address signing in a hundred-odd members (checkout, notifications, Lighthouse);
    // the per-address limits stay as they are.
    OTP_SEND_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
  };
  let dropSchema = async () => {};
  if (process.env.DATABASE_URL) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = async (query) => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };
    await admin(`create schema ${schema}`);
    // The app keeps its job queue in `<schema>_jobs` beside a schema other than public.
    dropSchema = () =>
      admin(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_jobs cascade`);
    const url = new URL(process.env.DATABASE_URL);
    url.search = `${url.search ? `${url.search}&` : '?'}options=-c%20search_path%3D${schema}`;
    env.DATABASE_URL = url.toString();
  }
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropSchema();
  };
  let seeded;
  try {
    process.stdout.write(`seeding the bench database (${SEED_VOUCHERS.toLocaleString('en-US')} vouchers)… `);
    const out = execFileSync('npx', ['tsx', 'scripts/bench/seed-catalogue.ts'], {
      env: { ...env, BENCH_SEED_VOUCHERS: String(SEED_VOUCHERS) },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    seeded = JSON.parse(out.trim().split('\n').pop() ?? '{}');
    console.log(`${seeded.vouchers} vouchers in ${seeded.seconds} s`);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { env, cleanup, seeded };
}

async function startApp(env) {
  // The built server, as `npm start` serves it (`npm run bench` builds first). BENCH_NODE_ARGS adds
  // Node flags to it alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a slow part goes
  // (Node refuses profiling flags in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const app = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'apps/api/dist/server.js'], {
    env: { ...env, PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise((resolve) => app.once('exit', resolve));
  return async () => {
    try {
      process.kill(-app.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };
}

/**
 * Runs autocannon on a scenario's requests — one path, a rotation (a URL or { path, headers } each) or
 * a function making each request's URL; latency percentiles from every response time.
 */
const measure = async (target, headers = {}, duration = DURATION) => {
  let next;
  if (typeof target === 'function') next = () => ({ path: target() });
  else {
    const list = (Array.isArray(target) ? target : [target]).map((t) =>
      typeof t === 'string' ? { path: t } : t,
    );
    let i = 0;
    next = () => list[i++ % list.length];
  }
  const times = [];
  const run = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const r = next();
          return { ...req, path: r.path, headers: { ...req.headers, ...r.headers } };
        },
      },
    ],
  });
  run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await run;
  times.sort((a, b) => a - b);
  const pct = (p) =>
    times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : 0;
  return { result, p50: pct(50), p95: pct(95), p99: pct(99) };
};

const targetOf = (s, ctx) => (s.next ? s.next(ctx) : s.paths ? s.paths(ctx) : s.path(ctx));

const ms = (v) => `${v.toFixed(1).padStart(6)} ms`;
const ratioOf = (m, baseline) => m.result.requests.average / baseline.result.requests.average;
const row = (name, m, baseline) => {
  const rps = m.result.requests.average;
  const ratio = baseline ? ratioOf(m, baseline).toFixed(2) : '1.00';
  const other = m.result.non2xx - m.result['3xx'];
  const statuses = `${m.result['3xx'] ? ` ${m.result['3xx']} 3xx` : ''}${other ? ` ${other} other` : ''}`;
  return `${name.padEnd(46)} ${String(Math.round(rps)).padStart(6)} req/s  p50 ${ms(m.p50)}  p95 ${ms(m.p95)}  p99 ${ms(m.p99)}  ×${ratio} of baseline${statuses}`;
};

// Only the parts that use it wait for the seeded database (a minute or more for 100,000 vouchers).
const { env, cleanup, seeded } =
  needsApp || runs('jobs') ? await prepareDatabase() : { env: {}, cleanup: async () => {}, seeded: {} };
let stop = async () => {};
try {
  if (needsApp) {
    stop = await startApp(env);
    // The catalogue reads, and /health: the baseline every ratio below is taken against.
    const ctx = { base };
    for (const s of scenarios) await s.prepare?.(ctx);
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${DURATION} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
    );
    // A just-started process is slower for a while (the JIT warms up; the housekeeping run at start
    // vacuums the embedded database): a second of every scenario first, so the figures are steady state.
    const measured = runs('reads') ? scenarios : [];
    for (const s of [{ path: () => '/health' }, ...measured])
      await measure(targetOf(s, ctx), s.headers?.(ctx), WARM_UP_SECONDS);
    const baseline = await measure('/health');
    console.log(row('baseline GET /health', baseline));
    const missed = [];
    for (const s of measured) {
      const m = await measure(targetOf(s, ctx), s.headers?.(ctx));
      console.log(row(s.name, m, baseline));
      if (s.catalogue && (ratioOf(m, baseline) < 0.5 || m.p99 >= 50)) missed.push(s.name);
    }
    // The catalogue reads' targets: at least half of /health's requests/s, and p99 under 50 ms.
    if (measured.length)
      console.log(
        missed.length
          ? `\ncatalogue reads below target (≥ ×0.50 of /health, p99 < 50 ms): ${missed.join('; ')}`
          : '\nevery catalogue read meets its target (≥ ×0.50 of /health, p99 < 50 ms)',
      );
    if (runs('checkout')) await checkoutReport({ base, baseline, ...seeded });
    if (runs('notifications')) await notificationsReport({ base, ...seeded });
    if (runs('lighthouse')) await lighthouseReport({ base });
    if (runs('interactions')) await interactionsReport({ base });
    // The jobs bench runs servers of its own on the same database: this one must be gone first.
    await stop();
    stop = async () => {};
  }
  if (runs('jobs')) await jobsReport({ env, ...seeded });
} finally {
  await stop();
  await cleanup();
}
// The embedded database's size per order and restart time: a server and data folder of its own.
if (!process.env.DATABASE_URL && process.env.BENCH_DB_SIZE !== '0' && runs('db-size')) await dbSizeReport();
// A campaign to 100,000 members on the embedded database (issue 24): a server and data folder of its own.
if (!process.env.DATABASE_URL && process.env.BENCH_CAMPAIGN !== '0' && runs('campaign'))
  await campaignReport();
if (runs('bundle')) {
  console.log('');
  await bundleReport();
}
