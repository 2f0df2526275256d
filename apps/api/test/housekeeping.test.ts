import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { runHousekeeping, vacuumEmbeddedDatabase } from '../src/jobs/housekeeping.ts';
import { jobsSchemaFor } from '../src/jobs/jobs.ts';
import {
  buildTestApp,
  refresh,
  sendOtp,
  signIn,
  uniqueEmail,
  type TestApp,
} from './helpers/build-test-app.ts';
import { waitFor } from './helpers/test-database.ts';

describe('housekeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // The app's own run at start reads the test clock too: let it finish before the clock moves.
    await t.app.ready();
    await waitFor(() => t.logs.some((l) => l.msg === 'housekeeping'), 10_000, 'the run at start');
  }, 20_000);
  afterAll(() => t.close());

  it('deletes dead codes, tokens, sessions and old outbox mail, and keeps live ones', async () => {
    const old = await signIn(t);
    await sendOtp(t, uniqueEmail('stale-code'));
    t.clock.advance(40 * 86_400_000); // the old session's token is now long expired
    const live = await signIn(t);
    const liveCode = uniqueEmail('live-code');
    await sendOtp(t, liveCode);
    const day = 86_400_000;
    const [oldEvent, recentEvent] = [randomUUID(), randomUUID()];
    await t.db
      .insertInto('handled_event')
      .values([
        {
          event_id: oldEvent,
          handler: 'test.handler',
          handled_at: new Date(t.clock.now().getTime() - 31 * day),
        },
        {
          event_id: recentEvent,
          handler: 'test.handler',
          handled_at: new Date(t.clock.now().getTime() - 29 * day),
        },
      ])
      .execute();
    const member = await t.db.selectFrom('member').select('id').limit(1).executeTakeFirstOrThrow();
    const notification = (key: string, daysAgo: number) => ({
      member_id: member.id,
      type: 'points_earned' as const,
      params: JSON.stringify({ points: 1, orderNumber: key }),
      dedupe_key: key,
      created_at: new Date(t.clock.now().getTime() - daysAgo * day),
    });
    await t.db
      .insertInto('notification')
      .values([notification('year-old', 366), notification('recent', 364)])
      .execute();

    const result = await runHousekeeping(t.db, t.clock.now());
    expect(result).toEqual({
      otpCodes: 1,
      refreshTokens: 1,
      families: 1,
      outbox: 2,
      handledEvents: 1,
      notifications: 1,
      staffChallenges: 0,
      staffSessions: 0,
    });
    const kept = await t.db.selectFrom('notification').select('dedupe_key').execute();
    expect(kept.map((n) => n.dedupe_key)).toEqual(['recent']);
    const events = await t.db.selectFrom('handled_event').select('event_id').execute();
    expect(events.map((e) => e.event_id)).toEqual([recentEvent]);

    expect((await refresh(t, live.refreshToken)).statusCode).toBe(200);
    expect((await refresh(t, old.refreshToken)).statusCode).toBe(401);
    const codes = await t.db.selectFrom('otp_code').select('email').execute();
    expect(codes.map((c) => c.email)).toEqual([liveCode]);
    expect(await runHousekeeping(t.db, t.clock.now())).toEqual({
      otpCodes: 0,
      refreshTokens: 0,
      families: 0,
      outbox: 0,
      handledEvents: 0,
      notifications: 0,
      staffChallenges: 0,
      staffSessions: 0,
    });
  });

  it('runs as a job of the app: once when it starts, and on the hour from then on', async () => {
    expect(t.logs.filter((l) => l.msg === 'housekeeping')).toHaveLength(1);
    const started = t.logs.find((l) => l.msg === 'jobs started');
    expect(started?.queues).toContain('housekeeping');
    const schema = await jobsSchemaFor(t.db);
    const { rows } = await sql<{ cron: string; timezone: string }>`
      select cron, timezone from ${sql.table(`${schema}.schedule`)} where name = 'housekeeping'`.execute(
      t.db,
    );
    expect(rows).toEqual([{ cron: '0 * * * *', timezone: 'Asia/Bangkok' }]);
  });
});

describe('VACUUM on the embedded database', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  const avatarTableBytes = async () => {
    const { rows } = await sql<{ n: string | number }>`select pg_total_relation_size('avatar') as n`.execute(
      db,
    );
    return Number(rows[0]?.n);
  };
  /** A member replaces their picture `times` times (random bytes: nothing to compress). */
  const replaceAvatar = async (memberId: string, times: number) => {
    for (let i = 0; i < times; i++) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('member').set({ avatar_id: null }).where('id', '=', memberId).execute();
        await trx.deleteFrom('avatar').where('member_id', '=', memberId).execute();
        const bytes = randomBytes(200_000);
        const { id } = await trx
          .insertInto('avatar')
          .values({
            member_id: memberId,
            content_type: 'image/png',
            bytes,
            byte_size: bytes.length,
            created_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('member').set({ avatar_id: id }).where('id', '=', memberId).execute();
      });
    }
  };

  it("lets replaced avatars' space be used again (PGlite has no autovacuum)", async () => {
    const { id } = await db
      .insertInto('member')
      .values({
        email: 'pictures@example.com',
        language: 'en',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceAvatar(id, 10);
    const afterFirst = await avatarTableBytes();
    await replaceAvatar(id, 10);
    const withoutVacuum = await avatarTableBytes();
    expect(withoutVacuum - afterFirst).toBeGreaterThan(1_500_000); // dead pictures' pages are not reused

    await vacuumEmbeddedDatabase(db);
    await replaceAvatar(id, 10);
    // Ten more pictures fit into the space the vacuum freed.
    expect(await avatarTableBytes()).toBeLessThanOrEqual(withoutVacuum + 300_000);
  });
});
