import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { AppEvents, Events } from './events/events.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Mailer } from './mail/mailer.ts';

/** What services need from the outside world: passed in, so tests can swap the clock or the mailer. */
export interface Ctx {
  db: Kysely<Database>;
  now: () => Date;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Work for later or for exactly once: define queues while the app is built, send inside a transaction. */
  jobs: Jobs;
  /** Publish inside the transaction that makes the change; handlers run after it commits. */
  events: Events<AppEvents>;
  /** Tell the session check's cache around a transaction that ends or revokes a session. */
  sessions: SessionChanges;
}

/**
 * `changing(id)` before a transaction that may revoke or delete session (refresh-token family) `id`,
 * `changed(id)` once it ended (committed or not): meanwhile that session is always checked in the
 * database, and after it no answer read before is used (modules/auth/session-cache.ts).
 */
export interface SessionChanges {
  changing(familyId: string): void;
  changed(familyId: string): void;
}

/** The part of Ctx shared by every request; add the request's logger per call with `forRequest`. */
export type AppDeps = Omit<Ctx, 'log'>;

export const forRequest = (deps: AppDeps, req: { log: FastifyBaseLogger }): Ctx => ({
  ...deps,
  log: req.log,
});
