import { sql, type Kysely } from 'kysely';
import { bangkokDay, endOfBangkokDay } from '../../calendar.ts';
import type { AppDeps } from '../../context.ts';
import type { Database } from '../../db/schema.ts';

/** Points that expire this many days ahead are announced (once per member and expiry bucket). */
export const POINTS_EXPIRING_DAYS = 30;
/** A wallet item whose validity ends within this many Bangkok days is announced (once per item). */
export const VOUCHER_EXPIRING_DAYS = 3;
/** Privileges looked at per run of the new-privilege job; the rest wait for the next run. */
const PRIVILEGES_PER_RUN = 500;
const DAY_MS = 86_400_000;
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::bigint`);

/**
 * Members whose points (earns not yet spent, expired or reversed) expire within POINTS_EXPIRING_DAYS:
 * one notification per member and expiry date — buckets share a quarter's end, so this is once per
 * bucket of the ledger. One statement; the dedupe key makes a second run write nothing.
 */
export const announceExpiringPoints = async (db: Kysely<Database>, now: Date): Promise<number> => {
  const until = new Date(now.getTime() + POINTS_EXPIRING_DAYS * DAY_MS);
  const { numAffectedRows } = await sql`
    insert into notification (member_id, type, params, dedupe_key, created_at)
    select member_id, 'points_expiring',
      jsonb_build_object('points', sum(remaining)::int, 'expiresAt', ${epochMs('expires_at')}),
      'points_expiring:' || ${epochMs('expires_at')}::text, ${now}
    from (
      select b.member_id, b.expires_at,
        b.points + coalesce((select sum(r.points) from points_ledger r where r.bucket_id = b.id), 0) as remaining
      from points_ledger b
      where b.bucket_id is null and b.expires_at > ${now} and b.expires_at <= ${until}
    ) buckets
    group by member_id, expires_at
    having sum(remaining) > 0
    on conflict (member_id, dedupe_key) do nothing`.execute(db);
  return Number(numAffectedRows ?? 0);
};

/** Wallet items still usable whose validity ends within VOUCHER_EXPIRING_DAYS Bangkok days: once per item. */
export const announceExpiringVouchers = async (db: Kysely<Database>, now: Date): Promise<number> => {
  const until = endOfBangkokDay(bangkokDay(now) + VOUCHER_EXPIRING_DAYS);
  const { numAffectedRows } = await sql`
    insert into notification (member_id, type, params, dedupe_key, created_at)
    select w.member_id, 'voucher_expiring',
      jsonb_build_object(
        'walletId', w.id,
        'title', jsonb_build_object('en', coalesce(v.title_en, p.title_en), 'th', coalesce(v.title_th, p.title_th)),
        'validUntil', ${epochMs('w.valid_until')}),
      'voucher_expiring:' || w.id::text, ${now}
    from wallet_voucher w
    left join voucher v on v.id = w.voucher_id
    left join privilege p on p.id = w.privilege_id
    where w.valid_until >= ${now} and w.valid_until <= ${until}
      and (w.usage_limit is null or w.used_count < w.usage_limit)
    on conflict (member_id, dedupe_key) do nothing`.execute(db);
  return Number(numAffectedRows ?? 0);
};

/**
 * Privileges for a tier that members could first see since the last run — started and published (kept in `notification_job`, first run:
 * the last day): each member of exactly that tier gets one notification, once per member and
 * privilege. Privileges for every tier (tier null) are not announced — that would be everyone, for
 * every new item. At most PRIVILEGES_PER_RUN privileges per run, in one transaction with the mark, so
 * two processes running it at once wait for each other and the second finds nothing new.
 */
export const announceNewPrivileges = async (db: Kysely<Database>, now: Date): Promise<number> =>
  db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_job')
      .values({ name: 'new_privilege', ran_until: new Date(now.getTime() - DAY_MS) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const mark = await trx
      .selectFrom('notification_job')
      .select('ran_until')
      .where('name', '=', 'new_privilege')
      .forUpdate()
      .executeTakeFirstOrThrow();
    // A privilege shows to members from its start or from its publication, whichever is later: a draft
    // is never announced, and one published after its start is announced when it is published.
    const shownFrom = sql<Date>`greatest(valid_from, published_at)`;
    const started = await trx
      .selectFrom('privilege')
      .select(['id', shownFrom.as('shown_from')])
      .where('tier', 'is not', null)
      .where('status', '=', 'published')
      .where(shownFrom, '>', mark.ran_until)
      .where(shownFrom, '<=', now)
      .orderBy(shownFrom)
      .orderBy('id')
      .limit(PRIVILEGES_PER_RUN)
      .execute();
    let written = 0;
    for (const p of started) {
      const { numAffectedRows } = await sql`
        insert into notification (member_id, type, params, dedupe_key, created_at)
        select m.id, 'new_privilege',
          jsonb_build_object('privilegeId', p.id, 'title', jsonb_build_object('en', p.title_en, 'th', p.title_th), 'tier', p.tier),
          'new_privilege:' || p.id::text, ${now}
        from privilege p join member m on m.tier = p.tier
        where p.id = ${p.id} and p.status = 'published' and (p.valid_until is null or p.valid_until >= ${now})
        on conflict (member_id, dedupe_key) do nothing`.execute(trx);
      written += Number(numAffectedRows ?? 0);
    }
    // A full batch may have left privileges with the same start as its last: the next run looks at
    // that instant again (those already announced are skipped by their keys).
    const last = started.at(-1);
    const until =
      started.length === PRIVILEGES_PER_RUN && last ? new Date(new Date(last.shown_from).getTime() - 1) : now;
    await trx
      .updateTable('notification_job')
      .set({ ran_until: until })
      .where('name', '=', 'new_privilege')
      .execute();
    return written;
  });

/**
 * The notifications' jobs (cron in Asia/Bangkok, once per period across all processes):
 * - 09:00 daily: points expiring within 30 days and wallet items expiring within 3 days (a morning
 *   hour, since the member reads it as a reminder);
 * - every 15 minutes: privileges for a tier that have just started.
 * Each is idempotent through the dedupe keys, so a retried or doubled run writes nothing more.
 */
export const defineNotificationJobs = (deps: AppDeps): void => {
  const expiring = deps.jobs.define<Record<string, never>>(
    'notifications.expiring',
    async () => {
      await announceExpiringPoints(deps.db, deps.now());
      await announceExpiringVouchers(deps.db, deps.now());
    },
    { retryLimit: 3, expireInSeconds: 600 },
  );
  deps.jobs.schedule(expiring, '0 9 * * *', {});
  const privileges = deps.jobs.define<Record<string, never>>(
    'notifications.new-privileges',
    async () => {
      await announceNewPrivileges(deps.db, deps.now());
    },
    { retryLimit: 3, expireInSeconds: 600 },
  );
  deps.jobs.schedule(privileges, '*/15 * * * *', {});
};
