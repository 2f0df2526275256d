import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, ConfigError } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/build-test-app.ts';
import { seedCatalogueFixture } from './helpers/catalogue-fixture.ts';
import { shopOf } from './helpers/shop.ts';
import { openTestDatabase } from './helpers/test-database.ts';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus' text format, every line checked: a sample per line, or a # HELP / # TYPE comment. */
const parse = (text: string): Sample[] => {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[k!] = v!;
    // Prometheus reads values with Go's ParseFloat: NaN in any case (prom-client writes "Nan"), ±Inf.
    const raw = m[3]!;
    const value = /^nan$/i.test(raw) ? NaN : /^\+?inf$/i.test(raw) ? Infinity : Number(raw);
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`not a number: ${line}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return samples;
};

const scrape = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parse(res.body);
};

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The real clock: the unpaid order's expiry job is then due in 15 minutes by the database's clock too.
    t = await buildTestApp();
    // An unpaid order before the first scrape: a pending payment, and an expiry job due later.
    const shop = shopOf(t, await seedCatalogueFixture(t.db, t.clock.now()));
    const m = await shop.member();
    const order = shop.orderOf(
      await shop.buy(m, { voucherId: await shop.voucher({ price: 150 }) }, randomUUID()),
    );
    expect(order.status).toBe('PENDING');
  });
  afterAll(() => t.close());

  it('times requests by route pattern and status, never by the URL itself', async () => {
    for (const id of [randomUUID(), randomUUID()])
      await t.app.inject({ method: 'GET', url: `/bff/merchants/${id}` });
    await t.app.inject({ method: 'GET', url: '/health' });
    await t.app.inject({ method: 'GET', url: `/no/such/${randomUUID()}` });
    const samples = await scrape(t);
    const count = (labels: Record<string, string>) =>
      find(samples, 'http_request_duration_seconds_count', labels).reduce((n, s) => n + s.value, 0);
    expect(count({ route: '/bff/merchants/:id', method: 'GET' })).toBe(2);
    expect(count({ route: '/health', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(count({ route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(
      find(samples, 'http_request_duration_seconds_bucket', { route: '/health', le: '+Inf' }),
    ).not.toEqual([]);
    // Bounded series: no label carries an id from a path.
    for (const s of samples)
      for (const v of Object.values(s.labels)) expect(v).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('shows job queues, orders and payments by status, limits and process memory', async () => {
    const samples = await scrape(t);
    const queues = find(samples, 'job_queue_jobs');
    expect(new Set(queues.map((s) => s.labels.state))).toEqual(new Set(['waiting', 'scheduled', 'active']));
    expect(find(queues, 'job_queue_jobs', { queue: 'orders.expire', state: 'scheduled' })).toEqual([
      expect.objectContaining({ value: 1 }),
    ]);
    const oldest = find(samples, 'job_queue_oldest_waiting_seconds');
    expect(oldest.length).toBe(new Set(queues.map((s) => s.labels.queue)).size);
    for (const s of oldest) expect(s.value).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'orders', { status: 'PENDING' })).toEqual([expect.objectContaining({ value: 1 })]);
    expect(find(samples, 'payments', { status: 'pending' })).toEqual([expect.objectContaining({ value: 1 })]);
    expect(find(samples, 'rate_limit_fallback')).toEqual([
      expect.objectContaining({ labels: { store: t.kind === 'postgres' ? 'postgres' : 'memory' }, value: 0 }),
    ]);
    expect(find(samples, 'process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0);
    expect(find(samples, 'nodejs_heap_size_used_bytes')[0]?.value).toBeGreaterThan(0);
  });
});

describe('/metrics protection', () => {
  it('needs METRICS_TOKEN as a Bearer token when one is set', async () => {
    const t = await buildTestApp({ config: { metricsToken: 'a-metrics-token-0123456789' } });
    try {
      const get = (authorization?: string) =>
        t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect((await get()).statusCode).toBe(401);
      expect((await get('Bearer a-metrics-token-012345678')).statusCode).toBe(401);
      expect((await get('a-metrics-token-0123456789')).statusCode).toBe(401);
      const ok = await get('Bearer a-metrics-token-0123456789');
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });

  it('is not served in production without a token', async () => {
    const t = await buildTestApp({ config: { nodeEnv: 'production' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters at start', () => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: 'memory://', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ DATA_DIR: 'memory://', METRICS_TOKEN: 'x'.repeat(16) }).metricsToken).toBe(
      'x'.repeat(16),
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('/metrics on a PostgreSQL pool', () => {
  it("shows the pool's total, idle and waiting connections", async () => {
    const database = await openTestDatabase();
    // Opened as the server opens it, so the pool /metrics reads is the one the app's queries use.
    const db = openDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 3 });
    const app = await buildApp(testConfig({ databaseUrl: database.url }), { db });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      const samples = parse(res.body);
      const total = find(samples, 'db_pool_connections', { state: 'total' })[0]?.value;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(3);
      expect(find(samples, 'db_pool_connections', { state: 'idle' })).toHaveLength(1);
      expect(find(samples, 'db_pool_connections', { state: 'waiting' })).toHaveLength(1);
    } finally {
      await app.close();
      await db.destroy();
      await database.close();
    }
  });
});
