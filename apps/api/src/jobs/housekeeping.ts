import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Jobs, JobsLog } from './jobs.ts';

const DAY_MS = 86_400_000;

export interface HousekeepingResult {
  otpCodes: number;
  refreshTokens: number;
  families: number;
  outbox: number;
  handledEvents: number;
  notifications: number;
  staffChallenges: number;
  staffSessions: number;
}

/**
 * Deletes what can never be used again: sign-in codes expired a day ago, refresh tokens expired
 * (or revoked) a week ago, sessions left without tokens, dev-outbox mail older than a week, and
 * handled-event markers after 30 days (no job carrying their event lives that long), and notifications
 * after a year (the list shows the latest 50; what they announced — an order, an expiry — is long over,
 * so their dedupe keys can no longer be asked for again), and back-office sign-in challenges and staff
 * sessions past their end. The margins keep recent rows for support
 * questions ("my code expired"). Safe to run on every instance.
 */
export const runHousekeeping = async (db: Kysely<Database>, now: Date): Promise<HousekeepingResult> => {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const otp = await db.deleteFrom('otp_code').where('expires_at', '<', dayAgo).executeTakeFirst();
  const tokens = await db
    .deleteFrom('refresh_token')
    .where((eb) => eb.or([eb('expires_at', '<', weekAgo), eb('revoked_at', '<', weekAgo)]))
    .executeTakeFirst();
  const families = await db
    .deleteFrom('refresh_token_family')
    .where('created_at', '<', weekAgo)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refresh_token')
            .select('refresh_token.id')
            .whereRef('refresh_token.family_id', '=', 'refresh_token_family.id'),
        ),
      ),
    )
    .executeTakeFirst();
  const outbox = await db.deleteFrom('mail_outbox').where('created_at', '<', weekAgo).executeTakeFirst();
  const handled = await db
    .deleteFrom('handled_event')
    .where('handled_at', '<', new Date(now.getTime() - 30 * DAY_MS))
    .executeTakeFirst();
  // The table's trigger moves each member's list version, so a cached list is not served stale.
  const notifications = await db
    .deleteFrom('notification')
    .where('created_at', '<', new Date(now.getTime() - 365 * DAY_MS))
    .executeTakeFirst();
  // Back-office sign-in challenges live 5 minutes and staff sessions 8 hours at most: kept a day and
  // a week past their end (sign-ins themselves stay in the audit log).
  const challenges = await db
    .deleteFrom('staff_challenge')
    .where('expires_at', '<', dayAgo)
    .executeTakeFirst();
  const staffSessions = await db
    .deleteFrom('staff_session')
    .where((eb) => eb.or([eb('expires_at', '<', weekAgo), eb('revoked_at', '<', weekAgo)]))
    .executeTakeFirst();
  return {
    otpCodes: Number(otp.numDeletedRows),
    refreshTokens: Number(tokens.numDeletedRows),
    families: Number(families.numDeletedRows),
    outbox: Number(outbox.numDeletedRows),
    handledEvents: Number(handled.numDeletedRows),
    notifications: Number(notifications.numDeletedRows),
    staffChallenges: Number(challenges.numDeletedRows),
    staffSessions: Number(staffSessions.numDeletedRows),
  };
};

/**
 * PGlite has no autovacuum: without this, space of deleted rows (replaced avatars, used codes, finished
 * jobs) is never reused and the data folder only grows. VACUUM refuses to run inside a transaction, so
 * it goes through `db`, which on PGlite waits for the session like any single query; requests wait for
 * it in turn.
 */
export const vacuumEmbeddedDatabase = async (db: Kysely<Database>): Promise<void> => {
  await sql`vacuum (analyze)`.execute(db);
};

/** Throttle key shared by the hourly schedule and the run at start: at most one run per clock hour. */
const ONCE_AN_HOUR = { singletonKey: 'housekeeping', singletonSeconds: 3600 };

/**
 * Housekeeping as a scheduled job: hourly on the hour (one process runs it, wherever several share the
 * database) and once when a process starts, unless it already ran this hour. Call `runAtStart` after
 * `jobs.start()`.
 */
export const defineHousekeeping = (
  jobs: Jobs,
  deps: { db: Kysely<Database>; kind: DatabaseKind; now: () => Date; log: JobsLog },
) => {
  const queue = jobs.define(
    'housekeeping',
    async () => {
      const result = await runHousekeeping(deps.db, deps.now());
      const started = Date.now();
      if (deps.kind === 'pglite') await vacuumEmbeddedDatabase(deps.db);
      deps.log.info(
        { ...result, ...(deps.kind === 'pglite' ? { vacuumMs: Date.now() - started } : {}) },
        'housekeeping',
      );
    },
    // VACUUM of a large embedded database takes a while; a missed hour costs nothing.
    { expireInSeconds: 600, retryLimit: 2, retryDelaySeconds: 60 },
  );
  jobs.schedule(queue, '0 * * * *', {}, ONCE_AN_HOUR);
  return { queue, runAtStart: () => queue.send(deps.db, {}, ONCE_AN_HOUR) };
};
