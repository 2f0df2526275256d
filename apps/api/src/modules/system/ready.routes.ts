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
    /** 'degraded': Redis is lost; the instance serves with its stricter local limits meanwhile. */
    status: z.enum(['ready', 'degraded']),
    database: z.literal('ok'),
    /** 'absent': no REDIS_URL, the limits count in PostgreSQL or in this process. */
    redis: z.enum(['ok', 'absent', 'failed']),
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
 * Readiness: may this instance take traffic? 503 naming what failed when the database does not answer.
 * A lost Redis is reported (status 'degraded', redis 'failed') but is no reason to take traffic away:
 * every instance shares that Redis, so a 503 would drain them all, while each can go on serving with
 * its stricter local limits. /health stays the liveness check (is the process worth keeping).
 */
export const readyModule: FastifyPluginAsyncZod<ReadyModuleOptions> = async (app, { deps, checkRedis }) => {
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'The database answers (else 503 service_unavailable with what failed); with REDIS_URL, whether Redis does (degraded when not)',
        response: { 200: ReadyResponseSchema },
      },
    },
    async (req, reply) => {
      const [database, redis] = await Promise.allSettled([
        within(sql`select 1`.execute(deps.db), 'database'),
        within(checkRedis(), 'redis'),
      ]);
      reply.header('cache-control', 'no-store');
      if (redis.status === 'rejected') req.log.error({ err: redis.reason }, 'ready: redis check failed');
      if (database.status === 'fulfilled')
        return ok({
          status: redis.status === 'fulfilled' ? ('ready' as const) : ('degraded' as const),
          database: 'ok' as const,
          redis: redis.status === 'fulfilled' ? redis.value : ('failed' as const),
        });
      req.log.error({ err: database.reason }, 'ready: database check failed');
      throw new AppError('service_unavailable', {
        details: ['database: failed', `redis: ${redis.status === 'fulfilled' ? redis.value : 'failed'}`],
      });
    },
  );
};
