import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { waitFor } from './test-database.ts';

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** redis-cli against the test's own server; stdout trimmed. */
export const redisCli = (port: number, ...args: string[]) =>
  spawnSync('redis-cli', ['-p', String(port), ...args])
    .stdout.toString()
    .trim();

/**
 * A Redis server of the test's own, on a free port, that the test can stop and start again on the
 * same port: losing Redis is then a fact, not a timing (the machine's shared Redis is never touched).
 */
export const startRedisServer = async () => {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitFor(() => redisCli(port, 'ping') === 'PONG', 10_000, `redis-server on ${port}`);
  };
  const stop = async () => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop };
};
