import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, sendOtp, uniqueEmail, type TestApp } from './helpers/build-test-app.ts';
import { hasRedisServer, redisCli, startRedisServer } from './helpers/redis-server.ts';
import { waitFor } from './helpers/test-database.ts';

type RedisServer = Awaited<ReturnType<typeof startRedisServer>>;

const metric = async (t: TestApp, name: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith(name));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

const sendsFrom = async (t: TestApp, ip: string, n: number) => {
  const codes: number[] = [];
  for (let i = 0; i < n; i++)
    codes.push((await sendOtp(t, uniqueEmail('rl'), { remoteAddress: ip })).statusCode);
  return codes;
};

const logsWith = (t: TestApp, text: string) => t.logs.filter((l) => l.msg?.includes(text));

describe.skipIf(!hasRedisServer)('rate limits in Redis', () => {
  let redis: RedisServer;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startRedisServer();
    t = await buildTestApp({
      config: { redisUrl: redis.url, otpSendLimitPerIp: 8, rateLimitFallbackDivisor: 4 },
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('keeps no e-mail address, IP or "undefined" in its keys: <prefix><limiter>:<keyed hash>', async () => {
    const email = uniqueEmail('keys');
    expect((await sendOtp(t, email, { remoteAddress: '203.0.113.77' })).statusCode).toBe(200);
    const keys = redisCli(redis.port, '--scan').split('\n').filter(Boolean);
    expect(keys.length).toBeGreaterThanOrEqual(3); // per IP, per address and IP, per address
    for (const key of keys) {
      expect(key).toMatch(/^privileges-rl:[a-z-]+:[A-Za-z0-9_-]{22}$/);
      expect(key).not.toContain('undefined');
      expect(key).not.toContain('@');
      expect(key).not.toContain(email.split('@')[0]);
      expect(key).not.toContain('203.0.113.77');
    }
    expect(keys.some((k) => k.startsWith('privileges-rl:otp-email:'))).toBe(true);
  });

  it('answers /ready with Redis ok while it answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ data: { database: 'ok', redis: 'ok' } });
  });

  it('falls back to a stricter count in this process when Redis is lost, says so once, and recovers', async () => {
    expect(await metric(t, 'rate_limit_fallback{store="redis"}')).toBe(0);
    await redis.stop();

    // 8 per IP shared; alone, this process allows 8 / 4 = 2.
    expect(await sendsFrom(t, '198.51.100.20', 3)).toEqual([200, 200, 429]);
    expect(await sendsFrom(t, '198.51.100.21', 3)).toEqual([200, 200, 429]);
    expect(logsWith(t, 'does not answer')).toHaveLength(1);
    expect(logsWith(t, 'does not answer')[0]).toMatchObject({ level: 50, store: 'redis' });
    expect(await metric(t, 'rate_limit_fallback{store="redis"}')).toBe(1);
    expect(await metric(t, 'rate_limit_rejected_total{limiter="otp-ip"}')).toBe(2);

    // Still ready: every instance shares this Redis, so a 503 would drain them all; it says it is degraded.
    const degraded = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(degraded.statusCode).toBe(200);
    expect(json(degraded)).toMatchObject({ data: { status: 'degraded', database: 'ok', redis: 'failed' } });

    await redis.start();
    await waitFor(() => logsWith(t, 'answers again').length === 1, 30_000, 'the recovery log');
    expect(await metric(t, 'rate_limit_fallback{store="redis"}')).toBe(0);
    // Shared again: the full limit, counted in Redis.
    expect(await sendsFrom(t, '198.51.100.22', 9)).toEqual([...Array<number>(8).fill(200), 429]);
    expect(redisCli(redis.port, '--scan', '--pattern', 'privileges-rl:otp-ip:*')).not.toBe('');
    expect(logsWith(t, 'does not answer')).toHaveLength(1);
  }, 90_000);
});
