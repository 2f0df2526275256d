import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import type { Database } from '../db/schema.ts';

/** One counter's state after a hit: hits in the open window and how long that window still runs. */
export interface Hit {
  count: number;
  resetInMs: number;
}

/** Fixed-window counters, keyed by `<limiter name>:<keyed hash>`. */
export interface CounterStore {
  readonly name: 'memory' | 'redis' | 'postgres';
  /** Counts one hit on `key`, opening a window of `windowMs` when none is open. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Resolves when the store answers (readiness, and the probe that ends a fallback). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Counters in this process. Bounded, so a flood of new keys (rotating IPs) cannot grow memory without
 * end: the least recently hit counter goes first.
 */
export const memoryStore = (maxKeys = 100_000): CounterStore => {
  const windows = new LRUCache<string, { count: number; resetAt: number }>({ max: maxKeys });
  return {
    name: 'memory',
    hit: async (key, windowMs) => {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetInMs: w.resetAt - now };
    },
    ping: async () => {},
    close: async () => void windows.clear(),
  };
};

// One round trip, atomic: the first hit of a window sets its expiry; a key left without one (never
// expected) gets it back rather than counting forever.
const REDIS_HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Counters in Redis under `prefix`, shared by every process that uses the same Redis. */
export const redisStore = (redis: Redis, prefix: string): CounterStore => ({
  name: 'redis',
  hit: async (key, windowMs) => {
    const [count, ttl] = (await redis.eval(REDIS_HIT, 1, prefix + key, String(windowMs))) as [number, number];
    return { count, resetInMs: ttl };
  },
  ping: async () => void (await redis.ping()),
  close: async () => {
    // quit() waits for a reply that a lost server never sends; disconnect() does not.
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  },
});

/** How often each process deletes windows that have ended (any process may; it is idempotent). */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Counters in PostgreSQL's `rate_limit_counter` table: several API processes on one database share
 * their limits with no other server. One atomic upsert per hit; the database's clock decides windows,
 * so processes whose clocks differ still agree.
 */
export const postgresStore = (db: Kysely<Database>): CounterStore => {
  const sweep = setInterval(() => {
    sql`delete from rate_limit_counter where reset_at < now()`.execute(db).catch(() => {
      // The next sweep tries again; a lost database is reported by the limiter's fallback.
    });
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    name: 'postgres',
    hit: async (key, windowMs) => {
      const { rows } = await sql<{ count: number; reset_in_ms: number }>`
        insert into rate_limit_counter as c (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when c.reset_at <= now() then 1 else c.count + 1 end,
          reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
        returning c.count, ceil(extract(epoch from c.reset_at - now()) * 1000)::int as reset_in_ms`.execute(
        db,
      );
      const row = rows[0];
      if (!row) throw new Error('rate_limit_counter: the upsert returned no row');
      return { count: row.count, resetInMs: row.reset_in_ms };
    },
    ping: async () => void (await sql`select 1`.execute(db)),
    close: async () => clearInterval(sweep),
  };
};
