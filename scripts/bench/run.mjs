// `npm run bench`: starts the app as `npm start` would (fresh embedded database unless DATABASE_URL is
// set), measures each scenario with autocannon against a bare route in the same run, and prints
// latency percentiles, requests/s and the ratio to the baseline. Benchmarks print; they never fail a build.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleReport } from './bundle.mjs';
import { scenarios } from './scenarios.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const base = `http://127.0.0.1:${PORT}`;

async function startApp() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const app = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
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
  return () => {
    process.kill(-app.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}

const measure = (path, headers = {}) =>
  autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION, headers });

const row = (name, r, baseline) => {
  const l = r.latency;
  const ratio = baseline ? (r.requests.average / baseline.requests.average).toFixed(2) : '1.00';
  return `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(7)} req/s  p50 ${String(l.p50).padStart(4)} ms  p95 ${String(l.p97_5 ?? l.p95).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms  ${String(r.non2xx).padStart(4)} non-2xx  ×${ratio} of baseline`;
};

const stop = await startApp();
try {
  const ctx = { base };
  for (const s of scenarios) await s.prepare?.(ctx);
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  const baseline = await measure('/health');
  console.log(row('baseline GET /health', baseline));
  for (const s of scenarios) {
    const r = await measure(s.path(ctx), s.headers?.(ctx));
    console.log(row(s.name, r, baseline));
  }
} finally {
  stop();
}
console.log('');
await bundleReport();
