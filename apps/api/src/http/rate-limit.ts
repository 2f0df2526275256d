import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../app-error.ts';

export type Limiter = (req: FastifyRequest) => Promise<void>;

export interface LimiterSpec {
  /** Namespace of the counters (keys are `<name>:<key>`). */
  name: string;
  max: number;
  /** Defaults to the app's RATE_LIMIT_WINDOW_SECONDS. */
  windowSeconds?: number;
  key: (req: FastifyRequest) => string;
}

/**
 * Registers @fastify/rate-limit without a global limit (counters in process memory, or in Redis when
 * REDIS_URL is set so several API processes share them) and returns a factory of named limiters.
 * A limiter is called from a handler after validation, so it can count per e-mail address as well
 * as per IP; when exceeded it throws 429 rate_limited with Retry-After.
 */
export const registerRateLimits = async (
  app: FastifyInstance,
  redisUrl: string | undefined,
  windowSeconds: number,
) => {
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not lock every member out: the DB-side limits (resend gap, 5 tries) still hold.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'privileges-rl:' } : {}),
  });
  return (spec: LimiterSpec): Limiter => {
    const check = app.createRateLimit({
      max: spec.max,
      timeWindow: (spec.windowSeconds ?? windowSeconds) * 1000,
      keyGenerator: (req) => `${spec.name}:${spec.key(req)}`,
    });
    return async (req) => {
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError('rate_limited', { retryAfterSeconds: Math.max(1, result.ttlInSeconds) });
      }
    };
  };
};

export type LimiterFactory = Awaited<ReturnType<typeof registerRateLimits>>;
