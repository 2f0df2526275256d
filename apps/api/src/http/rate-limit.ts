import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import { AppError } from '../app-error.ts';
import type { DatabaseKind } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { memoryStore, postgresStore, redisStore, type CounterStore, type Hit } from './rate-limit-stores.ts';

export type Limiter = (req: FastifyRequest) => Promise<void>;

export interface LimiterSpec {
  /** Namespace of the counters (keys are `<name>:<keyed hash of key>`). */
  name: string;
  max: number;
  /** Defaults to the app's RATE_LIMIT_WINDOW_SECONDS. */
  windowSeconds?: number;
  key: (req: FastifyRequest) => string;
}

export interface RateLimitOptions {
  redisUrl: string | undefined;
  db: Kysely<Database>;
  kind: DatabaseKind;
  windowSeconds: number;
  /** While the shared store is lost, each process allows max / fallbackDivisor (at least 1). */
  fallbackDivisor: number;
  /** Keys the hash of every counter's key; the same on every instance (the JWT secret is). */
  secret: string;
  registry: Registry;
}

/** Prefix of every Redis key the limits write. */
export const REDIS_KEY_PREFIX = 'privileges-rl:';
/** While falling back, how often the shared store is asked whether it answers again. */
const PROBE_EVERY_MS = 2000;
/** How long a start waits for Redis before it counts locally (and says so). */
const REDIS_START_WAIT_MS = 3000;

type CountedHit = Hit & { local: boolean };

/**
 * The shared store while it answers; a count in this process (with a stricter limit) from its first
 * failure until a probe gets an answer again. Both switches are logged once and shown by the
 * `rate_limit_fallback` gauge, so limits are never silently off.
 */
const withFallback = (shared: CounterStore, log: FastifyBaseLogger, divisor: number) => {
  const local = memoryStore();
  let fallingBack = false;
  let probe: NodeJS.Timeout | undefined;
  let probing = false;
  const recover = () => {
    clearInterval(probe);
    probe = undefined;
    fallingBack = false;
    // Local counts were a stand-in; a later outage starts from nothing rather than from stale windows.
    void local.close();
    log.warn(
      { store: shared.name },
      `rate limits: the ${shared.name} store answers again; limits are shared again`,
    );
  };
  const fallBack = (err: unknown) => {
    if (fallingBack) return;
    fallingBack = true;
    log.error(
      { err, store: shared.name, divisor },
      `rate limits: the ${shared.name} store does not answer; each limit is counted in this process at 1/${divisor} of its size until it does`,
    );
    probe = setInterval(() => {
      if (probing) return;
      probing = true;
      shared
        .ping()
        .then(recover, () => {})
        .finally(() => (probing = false));
    }, PROBE_EVERY_MS);
    probe.unref();
  };
  return {
    store: shared,
    fallingBack: () => fallingBack,
    fallBack,
    hit: async (key: string, windowMs: number): Promise<CountedHit> => {
      if (!fallingBack) {
        try {
          return { ...(await shared.hit(key, windowMs)), local: false };
        } catch (err) {
          fallBack(err);
        }
      }
      return { ...(await local.hit(key, windowMs)), local: true };
    },
    close: async () => {
      clearInterval(probe);
      await local.close();
      await shared.close();
    },
  };
};

/** The limits' counters: Redis when REDIS_URL is set, else PostgreSQL's table, else this process. */
const openCounters = (app: FastifyInstance, opts: RateLimitOptions) => {
  if (opts.redisUrl) {
    const redis = new Redis(opts.redisUrl, {
      // A lost Redis must not hold requests: commands fail at once while it is away, and after a
      // second when it hangs; the limiter then counts locally.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
    });
    // Reported once per switch by the fallback, not by ioredis on every reconnect attempt.
    redis.on('error', () => {});
    const counters = withFallback(redisStore(redis, REDIS_KEY_PREFIX), app.log, opts.fallbackDivisor);
    app.addHook('onReady', async () => {
      if (redis.status === 'ready') return;
      const connected = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), REDIS_START_WAIT_MS);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (!connected)
        counters.fallBack(new Error(`no answer from REDIS_URL within ${REDIS_START_WAIT_MS} ms of start`));
    });
    return counters;
  }
  // Several processes on one PostgreSQL share its table; one embedded database has one process.
  if (opts.kind === 'postgres') return withFallback(postgresStore(opts.db), app.log, opts.fallbackDivisor);
  const store = memoryStore();
  return {
    store,
    fallingBack: () => false,
    // The one process's count is the whole count: the full limit applies.
    hit: async (key: string, windowMs: number): Promise<CountedHit> => ({
      ...(await store.hit(key, windowMs)),
      local: false,
    }),
    close: () => store.close(),
  };
};

/**
 * Named limiters, called from handlers after validation so they can count per e-mail address as well
 * as per IP; past the limit they throw 429 rate_limited with Retry-After. A counter's key is the
 * limiter's name and a keyed hash of what it counts: a store holds no e-mail address or IP in clear.
 */
export const registerRateLimits = (app: FastifyInstance, opts: RateLimitOptions) => {
  const counters = openCounters(app, opts);
  app.addHook('onClose', async () => counters.close());
  const hashKey = createHmac('sha256', opts.secret).update('rate-limit-keys').digest();
  const keyOf = (name: string, raw: string) =>
    `${name}:${createHmac('sha256', hashKey).update(raw).digest('base64url').slice(0, 22)}`;

  new Gauge({
    name: 'rate_limit_fallback',
    help: '1 while the shared rate-limit store does not answer and limits are counted per process at a stricter size',
    labelNames: ['store'],
    registers: [opts.registry],
    collect() {
      this.set({ store: counters.store.name }, counters.fallingBack() ? 1 : 0);
    },
  });
  const rejected = new Counter({
    name: 'rate_limit_rejected_total',
    help: 'Requests answered 429 rate_limited, by limiter',
    labelNames: ['limiter'],
    registers: [opts.registry],
  });

  const limiter = (spec: LimiterSpec): Limiter => {
    const windowMs = (spec.windowSeconds ?? opts.windowSeconds) * 1000;
    const localMax = Math.max(1, Math.floor(spec.max / opts.fallbackDivisor));
    return async (req) => {
      const hit = await counters.hit(keyOf(spec.name, spec.key(req)), windowMs);
      if (hit.count > (hit.local ? localMax : spec.max)) {
        rejected.inc({ limiter: spec.name });
        throw new AppError('rate_limited', {
          retryAfterSeconds: Math.max(1, Math.ceil(hit.resetInMs / 1000)),
        });
      }
    };
  };
  return {
    limiter,
    /** Readiness of Redis: throws when it does not answer, 'absent' without REDIS_URL. */
    checkRedis: async (): Promise<'ok' | 'absent'> => {
      if (counters.store.name !== 'redis') return 'absent';
      await counters.store.ping();
      return 'ok';
    },
  };
};

export type RateLimits = ReturnType<typeof registerRateLimits>;
export type LimiterFactory = RateLimits['limiter'];
