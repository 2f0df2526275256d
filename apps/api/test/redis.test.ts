import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, sendOtp, uniqueEmail, type TestApp } from './helpers/build-test-app.ts';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** With REDIS_URL, rate-limit counters live in Redis: two API processes share one limit. */
describe.skipIf(!hasRedis)('rate limits shared through Redis (REDIS_URL)', () => {
  let redis: ChildProcess;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (
        spawnSync('redis-cli', ['-p', String(port), 'ping'])
          .stdout?.toString()
          .includes('PONG')
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const config = { redisUrl: `redis://127.0.0.1:${port}`, otpSendLimitPerIp: 4 };
    a = await buildTestApp({ config });
    b = await buildTestApp({ config });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    redis?.kill();
  });

  it('counts sends from one IP across instances', async () => {
    const ip = '198.51.100.9';
    expect((await sendOtp(a, uniqueEmail('r1'), { remoteAddress: ip })).statusCode).toBe(200);
    expect((await sendOtp(b, uniqueEmail('r2'), { remoteAddress: ip })).statusCode).toBe(200);
    expect((await sendOtp(a, uniqueEmail('r3'), { remoteAddress: ip })).statusCode).toBe(200);
    expect((await sendOtp(b, uniqueEmail('r4'), { remoteAddress: ip })).statusCode).toBe(200);
    const over = await sendOtp(a, uniqueEmail('r5'), { remoteAddress: ip });
    expect(over.statusCode).toBe(429);
    expect(json(over)).toMatchObject({ code: 'rate_limited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
