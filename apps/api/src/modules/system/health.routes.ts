import { HealthResponseSchema } from '@app/contracts';
import { sql } from 'kysely';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../app-error.ts';
import type { AppModule } from '../../http/module.ts';

const DB_TIMEOUT_MS = 3000;

/** Liveness with a database check, for load balancers and the benchmark's yardstick. */
export const systemModule: AppModule = async (app, { deps }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'The process and the database answer (503 service_unavailable when the database does not)',
        response: { 200: HealthResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        await Promise.race([
          sql`select 1`.execute(deps.db),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('database timeout')), DB_TIMEOUT_MS).unref(),
          ),
        ]);
      } catch (err) {
        req.log.error({ err }, 'health: database check failed');
        throw new AppError('service_unavailable');
      }
      reply.header('cache-control', 'no-store');
      return ok({ status: 'ok' as const, db: 'ok' as const, uptimeSeconds: Math.floor(process.uptime()) });
    },
  );
};
