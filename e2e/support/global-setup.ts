import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium.ts';
import { buildIsFresh } from './fresh-build.ts';
import { startSmtpInbox } from './smtp-inbox.ts';

const root = join(import.meta.dirname, '..', '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function waitForHealth(url: string, app: ChildProcess, log: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become healthy:\n${log()}`);
}

/**
 * Starts a real SMTP inbox and the app the way a member's operator starts it: `npm start`, or, when
 * the build it would make is already there and fresh, `npm run serve` (what `npm start` runs after
 * building).
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const inbox = await startSmtpInbox();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  let output = '';
  const build = buildIsFresh(root);
  const script = build.fresh ? ['run', 'serve'] : ['start'];
  console.log(`[e2e] npm ${script.join(' ')} (${build.why})`);
  const app = spawn('npm', [...script, '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: inbox.smtpUrl,
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Everything the app prints is also kept in artifacts/e2e-app.log (e2e-app-<lane>.log when `npm test`
  // runs the files in lanes, an app each): when the app stops mid-run, the tests only see refused
  // connections, and the reason is here.
  mkdirSync(join(root, 'artifacts'), { recursive: true });
  const lane = process.env.E2E_LANE ? `-${process.env.E2E_LANE}` : '';
  const appLog = createWriteStream(join(root, 'artifacts', `e2e-app${lane}.log`));
  const capture = (d: Buffer) => {
    output += d.toString();
    appLog.write(d);
  };
  app.stdout?.on('data', capture);
  app.stderr?.on('data', capture);
  app.on('exit', (code, signal) => appLog.write(`\n[e2e] the app exited: code ${code}, signal ${signal}\n`));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, app, () => output.slice(-4000));

  project.provide('baseUrl', baseUrl);
  project.provide('inboxUrl', inbox.inboxUrl);

  return async () => {
    if (app.pid && app.exitCode === null && app.signalCode === null) {
      const exited = new Promise((resolve) => app.once('exit', resolve));
      try {
        process.kill(-app.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      // The app stops gracefully (database closed, lock released): let it finish before its folder goes.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    }
    await inbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    inboxUrl: string;
  }
}
