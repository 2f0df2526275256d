import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../app-error.ts';
import type { Config } from '../config.ts';
import { poolStatsOf } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { jobsSchemaFor } from '../jobs/jobs.ts';

export interface MetricsOptions {
  config: Config;
  db: Kysely<Database>;
}

// Process metrics (memory, CPU, event loop, GC) describe the process, not one app: collected once,
// however many apps a test process builds.
let processRegistry: Registry | undefined;
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts from the database are read when scraped, at most once per `ttlMs`: a scrape every few seconds
 * from several collectors costs one query, not one each.
 */
const cachedQuery = <T>(ttlMs: number, query: () => Promise<T>) => {
  let at = 0;
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending || Date.now() - at > ttlMs) {
      at = Date.now();
      pending = query();
      // A failed read is not kept: the next scrape tries again.
      pending.catch(() => (at = 0));
    }
    return pending;
  };
};

/**
 * The app's metrics registry and the HTTP timing hook. Call before the modules are registered, so the
 * hook sees every route. Gauges that read the database run their query at scrape time; a failed read
 * leaves them out of that scrape and is logged, never failing the scrape.
 */
export const createMetrics = (app: FastifyInstance, opts: MetricsOptions) => {
  const registry = new Registry();
  const { db } = opts;
  const log: FastifyBaseLogger = app.log;

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status (requests not matching a route: route="unmatched")',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    duration.observe(
      {
        method: KNOWN_METHODS.has(req.method) ? req.method : 'OTHER',
        // The pattern, never the URL: ids in paths would make a series per order.
        route: req.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const jobCounts = cachedQuery(5000, async () => {
    const schema = await jobsSchemaFor(db);
    const { rows } = await sql<{
      name: string;
      waiting: string | number;
      scheduled: string | number;
      active: string | number;
      oldest_seconds: string | number | null;
    }>`
      select q.name,
        count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now()) as waiting,
        count(j.id) filter (where j.state in ('created', 'retry') and j.start_after > now()) as scheduled,
        count(j.id) filter (where j.state = 'active') as active,
        extract(epoch from now() - min(j.start_after)
          filter (where j.state in ('created', 'retry') and j.start_after <= now())) as oldest_seconds
      from ${sql.table(`${schema}.queue`)} q
      left join ${sql.table(`${schema}.job`)} j on j.name = q.name and j.state in ('created', 'retry', 'active')
      group by q.name`.execute(db);
    return rows;
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs per queue: waiting (due, not yet taken), scheduled (due later), active',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await readOrLog(log, 'job queues', jobCounts)) {
        this.set({ queue: r.name, state: 'waiting' }, Number(r.waiting));
        this.set({ queue: r.name, state: 'scheduled' }, Number(r.scheduled));
        this.set({ queue: r.name, state: 'active' }, Number(r.active));
      }
    },
  });
  new Gauge({
    name: 'job_queue_oldest_waiting_seconds',
    help: 'How long the oldest due job of a queue has waited to be taken (0 when none waits)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await readOrLog(log, 'job queues', jobCounts))
        this.set({ queue: r.name }, Math.max(0, Number(r.oldest_seconds ?? 0)));
    },
  });

  // Outcomes as counts of rows by status, read from the database: every instance reports the same
  // totals whichever of them took the order, and nothing is lost on a restart (rate() over them works
  // as over counters, within the cache's 30 s).
  const outcomes = cachedQuery(30_000, async () => {
    const [orders, payments] = await Promise.all([
      db
        .selectFrom('purchase_order')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('status')
        .execute(),
      db
        .selectFrom('payment')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('status')
        .execute(),
    ]);
    return { orders, payments };
  });
  new Gauge({
    name: 'orders',
    help: 'Orders by status (all time; read from the database at most every 30 s)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const read = await readOrLog(log, 'orders by status', async () => (await outcomes()).orders);
      for (const r of read) this.set({ status: r.status }, Number(r.n));
    },
  });
  new Gauge({
    name: 'payments',
    help: 'Payments (charges) by status: pending, successful, failed, expired, cancelled (all time; at most every 30 s)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const read = await readOrLog(log, 'payments by status', async () => (await outcomes()).payments);
      for (const r of read) this.set({ status: r.status }, Number(r.n));
    },
  });

  if (poolStatsOf(opts.db)) {
    const { db } = opts;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool: total and idle connections, and queries waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = poolStatsOf(db);
        if (!s) return;
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  return registry;
};

const readOrLog = async <T>(log: FastifyBaseLogger, what: string, read: () => Promise<T[]>): Promise<T[]> => {
  try {
    return await read();
  } catch (err) {
    log.warn({ err }, `metrics: reading ${what} failed; left out of this scrape`);
    return [];
  }
};

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics in Prometheus' text format. With METRICS_TOKEN it needs `Authorization: Bearer <token>`;
 * without one it is served only outside production (in production it is not served at all, rather
 * than showing traffic and order counts to anyone).
 */
export const registerMetricsRoute = (app: FastifyInstance, config: Config, registry: Registry) => {
  const token = config.metricsToken;
  if (!token && config.nodeEnv === 'production') {
    app.log.info('metrics: /metrics is off (set METRICS_TOKEN to serve it)');
    return;
  }
  const expected = token ? digest(`Bearer ${token}`) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    // Compared as digests: equal length, constant time, whatever was sent.
    if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ''), expected))
      throw new AppError('unauthorized', { headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
    const text = (await processMetrics().metrics()) + (await registry.metrics());
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return text;
  });
};
