import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { waitFor } from './test-database.ts';

export type Line = { event: string; pid: number; at: number } & Record<string, unknown>;

export interface Child {
  process: ChildProcess;
  pid: number;
  /** JSON lines printed so far. */
  lines: Line[];
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  waitForLine: (match: (l: Line) => boolean, timeoutMs?: number, what?: string) => Promise<Line>;
}

/**
 * For a test that starts child processes: each one compiles the app with tsx, slow on a busy machine
 * (CI: the create-owner test, three `npm run`s, passed the 120 s of before on one run and not the next).
 */
export const CHILD_TEST_TIMEOUT = 240_000;

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs a TypeScript file through tsx in a child process of its own, as `npm start` runs the server. */
export const spawnTs = (file: string, env: Record<string, string | undefined>): Child => {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Line[] = [];
  let stderr = '';
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line) as Line);
    } catch {
      // not one of ours (e.g. a start-up banner)
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const waitForLine = async (match: (l: Line) => boolean, timeoutMs = 60_000, what = 'a line') => {
    let found: Line | undefined;
    await waitFor(
      () => {
        found = lines.find(match);
        if (!found && child.exitCode !== null)
          throw new Error(`child exited (${child.exitCode}) before ${what}: ${stderr}`);
        return found !== undefined;
      },
      timeoutMs,
      what,
    );
    return found!;
  };
  return { process: child, pid: child.pid!, lines, stderr: () => stderr, exited, waitForLine };
};

/** Ends a child that may still run: SIGTERM, then SIGKILL after `graceMs`. */
export const stopChild = async (c: Child | undefined, graceMs = 5000) => {
  if (!c || c.process.exitCode !== null || c.process.signalCode !== null) return;
  c.process.kill('SIGTERM');
  const timer = setTimeout(() => c.process.kill('SIGKILL'), graceMs);
  await c.exited;
  clearTimeout(timer);
};
