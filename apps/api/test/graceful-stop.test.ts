import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { openTestDatabase, waitFor, type TestDatabase } from './helpers/test-database.ts';

/**
 * A stop as a supervisor does it: `npm run serve` (what `npm start` runs once it has built, plain
 * `node` on the built server) in a process group of its own, requests in flight, then SIGTERM or SIGINT
 * to the group or to npm alone. Every request in flight must be answered, new connections refused,
 * and the process must end by itself: exit 0, data-folder lock gone, each step logged.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const IN_FLIGHT = 20;
const TIMEOUT = 120_000;

interface LogLine {
  msg?: string;
  pid?: number;
  req?: { url?: string };
}

interface Served {
  npm: ChildProcess;
  port: number;
  lines: LogLine[];
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: Served[] = [];

const serve = async (env: Record<string, string>): Promise<Served> => {
  const npm = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: REPO_ROOT,
    // A process group of its own, as a supervisor or a terminal gives it.
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DEMO_DATA: '0',
      LOG_LEVEL: 'info',
      OTP_SEND_LIMIT_PER_IP: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let text = '';
  let port: number | undefined;
  createInterface({ input: npm.stdout! }).on('line', (line) => {
    text += `${line}\n`;
    const at = /running at http:\/\/localhost:(\d+)/.exec(line);
    if (at) port = Number(at[1]);
    try {
      lines.push(JSON.parse(line) as LogLine);
    } catch {
      // the start-up banner
    }
  });
  npm.stderr!.on('data', (chunk: Buffer) => void (text += chunk.toString('utf8')));
  // 'close', not 'exit': once the server's output has been read to the end too.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.once('close', (code, signal) => resolve({ code, signal })),
  );
  const served = { npm, port: 0, lines, output: () => text, exited };
  running.push(served);
  await waitFor(
    () => {
      if (npm.exitCode !== null) throw new Error(`npm run serve exited (${npm.exitCode}):\n${text}`);
      return port !== undefined;
    },
    90_000,
    'the server to listen',
  );
  served.port = port!;
  return served;
};

/** A POST whose body is half sent: in flight on the server until `finish()` sends the rest. */
const slowPost = (port: number, agent: http.Agent, i: number) => {
  // A new address each time: one address gets one code a minute.
  const body = JSON.stringify({ email: `member${i}-${randomUUID()}@example.com` });
  const req = http.request({
    host: '127.0.0.1',
    port,
    agent,
    method: 'POST',
    path: '/auth/otp/send-otp',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode!));
    });
    req.once('error', reject);
  });
  // A cut request fails the test where it is awaited, not as an unhandled rejection before that.
  answered.catch(() => undefined);
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answered };
};

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const messages = (s: Served) => s.lines.flatMap((l) => (l.msg ? [l.msg] : []));

/**
 * Starts the server, puts IN_FLIGHT requests in flight (plus an idle keep-alive connection), sends
 * `signal` to the group or to npm, and checks the stop from the outside.
 */
const stopWithRequestsInFlight = async (
  env: Record<string, string>,
  signal: NodeJS.Signals,
  to: 'group' | 'npm',
) => {
  const s = await serve(env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT + 1 });
  try {
    // An idle keep-alive connection (Fastify keeps one 72 s): the stop must not wait for it.
    const health = await fetch(`http://127.0.0.1:${s.port}/health`);
    expect(health.status).toBe(200);
    await new Promise<void>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: s.port, path: '/health', agent }, (res) => {
          res.resume();
          res.once('end', resolve);
        })
        .once('error', reject),
    );

    const requests = Array.from({ length: IN_FLIGHT }, (_, i) => slowPost(s.port, agent, i));
    const seen = () => s.lines.filter((l) => l.req?.url === '/auth/otp/send-otp').length;
    await waitFor(() => seen() === IN_FLIGHT, 30_000, 'the server to receive every request');
    const serverPid = s.lines.find((l) => l.pid !== undefined)!.pid!;

    process.kill(to === 'group' ? -s.npm.pid! : s.npm.pid!, signal);
    await waitFor(() => messages(s).includes(`${signal}: shutting down`), 30_000, 'the stop to begin');
    // No new connections while the requests in flight are still being answered.
    await waitFor(() => refusesConnections(s.port), 30_000, 'new connections to be refused');
    expect(isRunning(serverPid), s.output()).toBe(true);

    for (const r of requests) r.finish();
    const statuses = await Promise.all(requests.map((r) => r.answered));
    expect(statuses, s.output()).toEqual(Array.from({ length: IN_FLIGHT }, () => 200));

    const { code } = await s.exited;
    expect(code, s.output()).toBe(0);
    // npm waited for the server: nothing is left running.
    expect(isRunning(serverPid), s.output()).toBe(false);
    return s;
  } finally {
    agent.destroy();
  }
};

const expectStepsLogged = (s: Served, signal: string) => {
  const steps = [
    `${signal}: shutting down`,
    'no longer accepting connections; waiting for requests in flight',
    'every request in flight answered; HTTP server closed',
    'job workers stopped',
  ];
  const logged = messages(s);
  for (const step of steps) expect(logged, s.output()).toContain(step);
  expect(steps.map((step) => logged.indexOf(step))).toEqual(
    [...steps.map((step) => logged.indexOf(step))].sort((a, b) => a - b),
  );
  // Not cut short: the idle keep-alive connection did not hold the stop until the grace ran out.
  expect(s.output()).not.toContain('closing their connections');
  // The stop's own last word is 'stopped'. A request's access line may be flushed after it: Fastify's
  // request log and the app's are separate writes, and the answers were checked above.
  expect(logged.filter((m) => m !== 'request completed' && m !== 'incoming request').at(-1)).toBe('stopped');
};

beforeAll(() => {
  execFileSync(process.execPath, ['apps/api/build.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
}, 60_000);

afterEach(() => {
  // A failed test leaves its server running: end its whole group.
  for (const s of running.splice(0))
    if (s.npm.exitCode === null && s.npm.signalCode === null) {
      try {
        process.kill(-s.npm.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
});

describe.skipIf(process.env.TEST_DATABASE_URL)('a graceful stop on the embedded database', () => {
  // One data folder for both: the second start also shows the first stop left it ready to reopen.
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'graceful-stop-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'SIGTERM to the process group: every request in flight is answered, the database closed, the lock released',
    async () => {
      const s = await stopWithRequestsInFlight({ DATA_DIR: dir, DATABASE_URL: '' }, 'SIGTERM', 'group');
      expectStepsLogged(s, 'SIGTERM');
      expect(messages(s)).toContain('database closed');
      expect(messages(s)).toContain('data folder lock released');
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'SIGINT to npm alone (npm passes it on) stops the same way',
    async () => {
      const s = await stopWithRequestsInFlight({ DATA_DIR: dir, DATABASE_URL: '' }, 'SIGINT', 'npm');
      expectStepsLogged(s, 'SIGINT');
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    },
    TIMEOUT,
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('a graceful stop on PostgreSQL', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test?.close();
  });

  it(
    'SIGTERM to the process group: every request in flight is answered, the connections closed',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'graceful-stop-'));
      try {
        const s = await stopWithRequestsInFlight(
          { DATA_DIR: dir, DATABASE_URL: test.url! },
          'SIGTERM',
          'group',
        );
        expectStepsLogged(s, 'SIGTERM');
        expect(messages(s)).toContain('database connections closed');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );

  it(
    'SIGTERM to npm alone stops the same way',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'graceful-stop-'));
      try {
        const s = await stopWithRequestsInFlight(
          { DATA_DIR: dir, DATABASE_URL: test.url! },
          'SIGTERM',
          'npm',
        );
        expectStepsLogged(s, 'SIGTERM');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});
