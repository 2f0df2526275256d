import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../src/db/data-dir-lock.ts';
import { CHILD_TEST_TIMEOUT, spawnTs, stopChild, type Child } from './helpers/child-process.ts';

const HOLDER = fileURLToPath(new URL('./fixtures/hold-data-dir.ts', import.meta.url));
const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

const ownStartTime = () => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

describe('one owner of the embedded database (DATA_DIR lock)', () => {
  const dirs: string[] = [];
  const children: Child[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-dir-'));
    dirs.push(dir);
    return dir;
  };
  const owner = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number };
  afterEach(async () => {
    await Promise.all(children.splice(0).map((c) => stopChild(c)));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'stops a second process on the same DATA_DIR at once, naming the folder and the running process',
    async () => {
      const dir = freshDir();
      const holder = spawnTs(HOLDER, { DATA_DIR: dir });
      children.push(holder);
      await holder.waitForLine((l) => l.event === 'ready', 60_000, 'the first process');
      expect(owner(dir).pid).toBe(holder.pid);

      const second = spawnTs(SERVER, {
        DATA_DIR: dir,
        DATABASE_URL: '',
        PORT: '0',
        DEMO_DATA: '0',
        LOG_LEVEL: 'silent',
      });
      children.push(second);
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toContain(`DATA_DIR ${dir} is in use by another process (pid ${holder.pid}`);
      expect(second.stderr()).not.toContain('    at '); // a message, not a stack trace
      // It did not wait for the folder to become free: the first process is still running.
      expect(holder.process.exitCode).toBeNull();
      expect(owner(dir).pid).toBe(holder.pid);
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'takes over the lock of a process that was killed, and releases its own on a clean stop',
    async () => {
      const dir = freshDir();
      const killed = spawnTs(HOLDER, { DATA_DIR: dir });
      children.push(killed);
      await killed.waitForLine((l) => l.event === 'ready', 60_000, 'the first process');
      killed.process.kill('SIGKILL');
      await killed.exited;
      expect(owner(dir).pid).toBe(killed.pid); // left behind

      const next = spawnTs(HOLDER, { DATA_DIR: dir });
      children.push(next);
      await next.waitForLine((l) => l.event === 'ready', 60_000, 'the next process');
      expect(owner(dir).pid).toBe(next.pid);
      await stopChild(next);
      expect(await next.exited).toBe(0);
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    },
    CHILD_TEST_TIMEOUT,
  );

  it('refuses a second open in the same process, and treats a reused pid or an unreadable lock as stale', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(
      `DATA_DIR ${dir} is already open in this process (pid ${process.pid})`,
    );
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    // This pid, but a different process start time: the pid was reused after the owner died.
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, startTime: '1', since: 'earlier' }),
    );
    expect(ownStartTime()).not.toBe('1');
    lockDataDir(dir)();

    writeFileSync(join(dir, LOCK_FILE), 'half-written');
    lockDataDir(dir)();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
