// Bench-only: fills a fresh embedded database (DATA_DIR, or DATABASE_URL) for the campaign bench —
// the migrations, BENCH_CAMPAIGN_MEMBERS (default 100,000) members in ONE generate_series INSERT (a
// third of them Thai readers, tiers spread as a programme has them, 1 in 200 blocked), and an owner
// with a live back-office session. Run by scripts/bench/campaign.mjs:
//   npx tsx scripts/bench/seed-members.ts
// Prints one JSON line: { members, token, seconds }.
import { sql } from 'kysely';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { hashStaffToken, newStaffToken } from '../../apps/api/src/modules/admin/staff-token.ts';

const count = Number(process.env.BENCH_CAMPAIGN_MEMBERS ?? 100_000);
const config = loadConfig();
const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const started = performance.now();
try {
  await migrateToLatest(db);
  const now = new Date();
  await sql`
    insert into member (email, first_name, language, tier, blocked_at, created_at, updated_at)
    select 'bench.campaign.' || g || '@example.com', 'Member ' || g,
      case when g % 3 = 0 then 'th' else 'en' end,
      case when g % 50 = 0 then 'platinum' when g % 10 = 0 then 'gold' when g % 4 = 0 then 'silver' else 'member' end,
      case when g % 200 = 0 then ${now}::timestamptz end,
      ${now}, ${now}
    from generate_series(1, ${count}::int) g`.execute(db);
  const staff = await db
    .insertInto('staff')
    .values({
      email: `bench.owner.${Date.now()}@staff.example.com`,
      name: 'Bench owner',
      role: 'owner',
      totp_secret: null,
      totp_confirmed_at: null,
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newStaffToken('stf');
  await db
    .insertInto('staff_session')
    .values({
      staff_id: staff.id,
      token_hash: hashStaffToken(token),
      ip: null,
      user_agent: 'bench',
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + 8 * 3_600_000),
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(JSON.stringify({ members: count, token, seconds }));
} finally {
  await db.destroy();
}
