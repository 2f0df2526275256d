// The campaign bench (issue 24): a campaign to BENCH_CAMPAIGN_MEMBERS (default 100,000) members on the
// embedded database. A fresh data folder is seeded (scripts/bench/seed-members.ts: the members in one
// INSERT … SELECT generate_series, an owner's session), the built server started as `npm start` runs
// it, then the owner writes a campaign for every member and sends it now over the back-office API.
// Printed: the time from the send to the last notification delivered (the campaign `sent`, its counts
// moved in the delivering transactions), when the start (segment evaluated, delivery jobs queued) was
// first seen done, and the rate. Runs on its own (`node scripts/bench/campaign.mjs`) or from run.mjs;
// prints, never fails.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MEMBERS = Number(process.env.BENCH_CAMPAIGN_MEMBERS ?? 100_000);
const PORT = Number(process.env.BENCH_CAMPAIGN_PORT ?? 3919);
const TIMEOUT_MS = Number(process.env.BENCH_CAMPAIGN_TIMEOUT_MS ?? 30 * 60_000);
const base = `http://127.0.0.1:${PORT}`;
const root = fileURLToPath(new URL('../../', import.meta.url));
/** The target this report checks (docs/benchmarks.md). */
export const TARGET_MINUTES = 10;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function campaignReport() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-campaign-'));
  const env = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '0',
  };
  let server;
  try {
    process.stdout.write(`\ncampaign bench: seeding ${MEMBERS.toLocaleString('en-US')} members… `);
    const seeded = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/seed-members.ts'], {
        cwd: root,
        env: { ...env, BENCH_CAMPAIGN_MEMBERS: String(MEMBERS) },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      })
        .trim()
        .split('\n')
        .pop(),
    );
    console.log(`${seeded.seconds} s`);
    server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
      cwd: root,
      env: { ...env, PORT: String(PORT) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // still starting
      }
      if (i > 1200) throw new Error('the server did not start');
      await sleep(100);
    }
    const headers = { authorization: `Bearer ${seeded.token}`, 'content-type': 'application/json' };
    const call = async (method, path, body) => {
      const res = await fetch(base + path, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const segment = { kind: 'all' };
    const { recipients: previewed } = await call('POST', '/admin/api/campaigns/preview', { segment });
    const draft = await call('POST', '/admin/api/campaigns', {
      title: { en: 'Songkran week: double points', th: 'สัปดาห์สงกรานต์ รับคะแนนสองเท่า' },
      body: {
        en: 'Every voucher earns double points until Sunday. See you at the counter!',
        th: 'บัตรกำนัลทุกใบได้รับคะแนนสองเท่าถึงวันอาทิตย์ แล้วพบกันที่ร้าน',
      },
      segment,
    });
    const sentAt = performance.now();
    await call('POST', `/admin/api/campaigns/${draft.id}/send`, {});
    let c;
    let startedAt;
    let lastPrint = sentAt;
    for (;;) {
      c = await call('GET', `/admin/api/campaigns/${draft.id}`);
      const now = performance.now();
      if (c.status === 'sending' && startedAt === undefined) startedAt = { at: now, delivered: c.delivered };
      if (c.status === 'sent') break;
      if (now - lastPrint > Number(process.env.BENCH_CAMPAIGN_PROGRESS_MS ?? 15_000)) {
        lastPrint = now;
        console.log(
          `  … ${((now - sentAt) / 1000).toFixed(0)} s: ${c.delivered.toLocaleString('en-US')} of ${c.recipients.toLocaleString('en-US')} delivered`,
        );
      }
      if (now - sentAt > TIMEOUT_MS) throw new Error(`not sent after ${TIMEOUT_MS / 60_000} minutes`);
      await sleep(250);
    }
    const seconds = (performance.now() - sentAt) / 1000;
    const started = startedAt
      ? `the start — segment and jobs — seen done ${((startedAt.at - sentAt) / 1000).toFixed(1)} s after the send, ${startedAt.delivered.toLocaleString('en-US')} delivered by then`
      : 'never seen between its start and its end';
    console.log(
      `campaign to ${c.recipients.toLocaleString('en-US')} members (of ${MEMBERS.toLocaleString('en-US')}; blocked ones left out; preview said ${previewed.toLocaleString('en-US')}), PGlite:`,
    );
    console.log(
      `  every notification delivered ${seconds.toFixed(1)} s after the send (${Math.round(c.delivered / seconds).toLocaleString('en-US')} per second; ${started}); delivered ${c.delivered.toLocaleString('en-US')}, skipped ${c.skipped}`,
    );
    console.log(
      seconds / 60 < TARGET_MINUTES
        ? `  meets the target (under ${TARGET_MINUTES} minutes)`
        : `  MISSES the target (under ${TARGET_MINUTES} minutes)`,
    );
    return { seconds, recipients: c.recipients, delivered: c.delivered };
  } finally {
    if (server) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await campaignReport();
