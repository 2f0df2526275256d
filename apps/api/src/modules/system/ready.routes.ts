import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleOptions } from '../../http/module.ts';

const CHECK_TIMEOUT_MS = 3000;

/** Operator-facing only (load balancers, orchestrators), so its shape lives here, not in the contracts. */
const ReadyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    status: z.literal('ready'),
    database: z.literal('ok'),
    /** 'absent': no REDIS_URL, the limits count in PostgreSQL or in this process. */
    redis: z.enum(['ok', 'absent']),
  }),
});

export interface ReadyModuleOptions extends ModuleOptions {
  /** Pings Redis ('absent' without REDIS_URL); throws when it does not answer. */
  checkRedis: () => Promise<'ok' | 'absent'>;
}

const within = <T>(p: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what}: no answer in ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

/**
 * Readiness: may this instance take traffic? 503 naming what failed when the database, or Redis where
 * it is configured, does not answer. /health stays the liveness check (is the process worth keeping).
 */
export const readyModule: FastifyPluginAsyncZod<ReadyModuleOptions> = async (app, { deps, checkRedis }) => {
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'The database and (with REDIS_URL) Redis answer; else 503 service_unavailable with what failed',
        response: { 200: ReadyResponseSchema },
      },
    },
    async (req, reply) => {
      const [database, redis] = await Promise.allSettled([
        within(sql`select 1`.execute(deps.db), 'database'),
        within(checkRedis(), 'redis'),
      ]);
      reply.header('cache-control', 'no-store');
      if (database.status === 'fulfilled' && redis.status === 'fulfilled')
        return ok({ status: 'ready' as const, database: 'ok' as const, redis: redis.value });
      if (database.status === 'rejected')
        req.log.error({ err: database.reason }, 'ready: database check failed');
      if (redis.status === 'rejected') req.log.error({ err: redis.reason }, 'ready: redis check failed');
      throw new AppError('service_unavailable', {
        details: [
          `database: ${database.status === 'fulfilled' ? 'ok' : 'failed'}`,
          `redis: ${redis.status === 'fulfilled' ? redis.value : 'failed'}`,
        ],
      });
    },
  );
};
