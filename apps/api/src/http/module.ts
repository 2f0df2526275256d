import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../context.ts';
import type { LimiterFactory } from './rate-limit.ts';

/** What every module plugin is given when app.ts registers it. */
export interface ModuleOptions {
  deps: AppDeps;
  limiter: LimiterFactory;
}

/**
 * An API module: a Fastify plugin registered by app.ts (with a `prefix` when all its routes share
 * one), whose routes declare Zod schemas and call the module's service.
 */
export type AppModule = FastifyPluginAsyncZod<ModuleOptions>;
