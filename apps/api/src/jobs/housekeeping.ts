import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const DAY_MS = 86_400_000;

export interface HousekeepingResult {
  otpCodes: number;
  refreshTokens: number;
  families: number;
  outbox: number;
}

/**
 * Deletes what can never be used again: sign-in codes expired a day ago, refresh tokens expired
 * (or revoked) a week ago, sessions left without tokens, dev-outbox mail older than a week. The
 * margins keep recent rows for support questions ("my code expired"). Safe to run on every instance.
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
  return {
    otpCodes: Number(otp.numDeletedRows),
    refreshTokens: Number(tokens.numDeletedRows),
    families: Number(families.numDeletedRows),
    outbox: Number(outbox.numDeletedRows),
  };
};

/** Runs housekeeping now and then every `everyMs`; returns a stop function. Failures are logged, never fatal. */
export const scheduleHousekeeping = (
  db: Kysely<Database>,
  now: () => Date,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  everyMs = 60 * 60_000,
) => {
  const run = () =>
    runHousekeeping(db, now())
      .then((r) => log.info(r, 'housekeeping'))
      .catch((err: unknown) => log.error({ err }, 'housekeeping failed'));
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
