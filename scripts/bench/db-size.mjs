// The embedded database's size and restart (issue 23): a fresh data folder, BENCH_DB_ORDERS (default
// 5,000) Buy Now orders placed over HTTP by signed-in members, the WAL on disk sampled all along; then a
// clean stop (SIGTERM), the folder measured, and the time from starting the server again to its first
// catalogue answer. Runs on its own (`node scripts/bench/db-size.mjs`) or from run.mjs; prints, never fails.
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ORDERS = Number(process.env.BENCH_DB_ORDERS ?? 5000);
const CONCURRENCY = 8;
/** A member holds at most this many unpaid orders (apps/api/src/modules/orders/checkout.service.ts). */
const PER_MEMBER = 5;
const PORT = Number(process.env.BENCH_DB_PORT ?? 3918);
const base = `http://127.0.0.1:${PORT}`;
const root = fileURLToPath(new URL('../../', import.meta.url));
const MB = 1024 * 1024;

/** The targets this report checks (docs/benchmarks.md). */
export const TARGETS = { walOnDiskMb: 48, dataKbPerOrder: 12, restartSeconds: 5 };

const sizeOf = (path) => {
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((sum, f) => sum + sizeOf(join(path, f)), 0);
};
const walBytes = (dataDir) => sizeOf(join(dataDir, 'pglite', 'pg_wal'));
const dataBytes = (dataDir) => sizeOf(join(dataDir, 'pglite')) - walBytes(dataDir);

// The built server, as `npm start` runs it (`npm run bench` builds first).
const start = (env) =>
  spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    env: { ...env, PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

const firstAnswer = async (path, timeoutMs = 120_000) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(base + path)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no answer at ${path}`);
};

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

const post = (path, body, headers = {}) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const signIn = async (email) => {
  await post('/auth/otp/send-otp', { email });
  const mails = await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
  const otp = String(mails.data?.[0]?.text ?? '').match(/^(\d{6})$/m)?.[1];
  const login = await (await post('/auth/login', { email, otp })).json();
  if (!login.data?.accessToken) throw new Error(`${email} could not sign in`);
  return { email, token: login.data.accessToken };
};

/** Runs `task(i)` for i in 0…n-1, `CONCURRENCY` at a time. */
const pool = async (n, task) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await task(next++);
    }),
  );
};

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

export async function dbSizeReport() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-db-size-'));
  const env = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '0',
    OTP_SEND_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_IP: '1000000',
    ORDER_LIMIT_PER_MEMBER: '1000000',
  };
  let server;
  try {
    const seeded = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/seed-catalogue.ts'], {
        cwd: root,
        env: { ...env, BENCH_SEED_VOUCHERS: '0' },
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .pop(),
    );
    server = start(env);
    await firstAnswer('/health');
    const dataBefore = dataBytes(dataDir);
    let walMax = walBytes(dataDir);
    const sampler = setInterval(() => {
      try {
        walMax = Math.max(walMax, walBytes(dataDir));
      } catch {
        // a segment deleted while listed
      }
    }, 250);

    const members = [];
    await pool(Math.ceil(ORDERS / PER_MEMBER), async (i) => {
      members[i] = await signIn(`bench.db.${i}.${Date.now()}@example.com`);
    });
    const started = performance.now();
    let placed = 0;
    await pool(ORDERS, async (i) => {
      const m = members[Math.floor(i / PER_MEMBER)];
      const res = await post(
        '/bff/orders',
        {
          voucherId: seeded.checkoutVoucherId,
          quantity: 1,
          channelCode: 'promptpay',
          phone: '0812345678',
          email: m.email,
        },
        { authorization: `Bearer ${m.token}`, 'idempotency-key': randomUUID() },
      );
      if (res.status === 200) placed++;
      await res.arrayBuffer();
    });
    const orderSeconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 3000)); // the order jobs (receipts) run
    const rssLoaded = rssMb(server.pid);
    clearInterval(sampler);
    await stop(server);
    server = undefined;
    const walAfterStop = walBytes(dataDir);
    const dataAfter = dataBytes(dataDir);

    const t0 = performance.now();
    server = start(env);
    await firstAnswer('/bff/vouchers?limit=1');
    const restartSeconds = (performance.now() - t0) / 1000;
    const rssRestarted = rssMb(server.pid);
    await stop(server);
    server = undefined;

    const perOrderKb = (dataAfter - dataBefore) / 1024 / Math.max(1, placed);
    const fmt = (b) => `${(b / MB).toFixed(1)} MB`;
    console.log(
      `\nembedded database size and restart (${placed} of ${ORDERS} orders in ${orderSeconds.toFixed(0)} s)`,
    );
    console.log(
      `  data (without WAL)         ${fmt(dataBefore)} → ${fmt(dataAfter)}: ${perOrderKb.toFixed(1)} KB per order (target ≤ ${TARGETS.dataKbPerOrder})`,
    );
    console.log(
      `  WAL on disk                max ${fmt(walMax)} while ordering (target ≤ ${TARGETS.walOnDiskMb} MB), ${fmt(walAfterStop)} after the stop`,
    );
    console.log(
      `  restart to first answer    ${restartSeconds.toFixed(1)} s after a clean stop (target ≤ ${TARGETS.restartSeconds} s)`,
    );
    console.log(
      `  server memory (RSS)        ${rssLoaded} MB after the orders, ${rssRestarted} MB after the restart`,
    );
    const missed = [
      perOrderKb > TARGETS.dataKbPerOrder && 'data per order',
      walMax > TARGETS.walOnDiskMb * MB && 'WAL on disk',
      restartSeconds > TARGETS.restartSeconds && 'restart',
    ].filter(Boolean);
    console.log(
      missed.length ? `  below target: ${missed.join(', ')}` : '  every size and restart target met',
    );
    return { placed, perOrderKb, walMax, walAfterStop, restartSeconds, rssLoaded, rssRestarted };
  } finally {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await dbSizeReport();
