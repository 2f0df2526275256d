import { randomUUID } from 'node:crypto';
import { ErrorEnvelopeSchema, PointsAdjustmentResponseSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, refresh, signIn, type TestApp } from './helpers/build-test-app.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

/*
 * Points adjustments and sign-in blocks racing each other and the member (on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL where the requests really run at once).
 */
describe('back office: members under concurrency', () => {
  let t: TestApp;
  let support: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp();
    support = await signInStaff(t, 'support');
  });
  afterAll(() => t.close());

  const adjust = (memberId: string, points: number, reason: string, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/api/members/${memberId}/points-adjustments`,
      headers: { ...support.headers, 'idempotency-key': key },
      payload: { points, reason },
    });

  const ledger = (memberId: string) =>
    t.db
      .selectFrom('points_ledger')
      .select(['id', 'points', 'bucket_id', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('20 concurrent −10 adjustments on a balance of 100: exactly 10 succeed, the balance ends at 0 and never goes below', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await signIn(t);
      expect((await adjust(m.id, 100, 'Starting balance')).statusCode).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => adjust(m.id, -10, `Correction number ${i}`)),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(10);
      for (const r of answers.filter((a) => a.statusCode === 409))
        expect(ErrorEnvelopeSchema.parse(r.json()).code).toBe('insufficient_points');
      // Each success saw the balance the one before it left: 100, 90, … 10 → 90, 80, … 0.
      const afters = answers
        .filter((a) => a.statusCode === 200)
        .map((a) => PointsAdjustmentResponseSchema.parse(a.json()).data)
        .map((d) => {
          expect(d.balanceBefore - d.balanceAfter).toBe(10);
          return d.balanceAfter;
        })
        .sort((a, b) => b - a);
      expect(afters).toEqual([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);

      const rows = await ledger(m.id);
      expect(rows.reduce((s, r) => s + r.points, 0)).toBe(0);
      // One bucket (the +100) and ten takings from it: the balance each success reported (above)
      // stepped down by 10 from 90 to 0, so no point of it was taken twice and it never went below 0.
      expect(rows.filter((r) => r.bucket_id === null).map((r) => r.points)).toEqual([100]);
      expect(rows.filter((r) => r.bucket_id !== null).map((r) => r.points)).toEqual(Array(10).fill(-10));
      const audits = await t.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity_id', '=', m.id)
        .where('action', '=', 'member.points.adjust')
        .execute();
      expect(audits).toHaveLength(11);
    }
  });

  it('the same Idempotency-Key sent 10 times at once adjusts once; every answer is that adjustment', async () => {
    const m = await signIn(t);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => adjust(m.id, 25, 'Double-clicked grant', key)),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const data = answers.map((a) => PointsAdjustmentResponseSchema.parse(a.json()).data);
    expect(new Set(data.map((d) => d.id)).size).toBe(1);
    expect(data.filter((d) => !d.replayed)).toHaveLength(1);
    const rows = await ledger(m.id);
    expect(rows.map((r) => r.points)).toEqual([25]);
  });

  it('a block racing the member’s refreshes: once it answers, no token of the member works', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await signIn(t);
      const racing = Array.from({ length: 5 }, () => refresh(t, m.refreshToken));
      const block = t.app.inject({
        method: 'POST',
        url: `/admin/api/members/${m.id}/block`,
        headers: support.headers,
        payload: { reason: 'Racing test' },
      });
      const [blocked, ...refreshes] = await Promise.all([block, ...racing]);
      expect(blocked!.statusCode, blocked!.body).toBe(200);
      for (const r of refreshes) expect([200, 401, 403], r.body).toContain(r.statusCode);
      // Every access token handed out before or during the block is dead now.
      const tokens = [
        m.accessToken,
        ...refreshes
          .filter((r) => r.statusCode === 200)
          .map((r) => (r.json() as { data: { accessToken: string } }).data.accessToken),
      ];
      for (const token of tokens) {
        const res = await t.app.inject({ method: 'GET', url: '/auth/users/profile', headers: bearer(token) });
        expect(res.statusCode).toBe(401);
      }
      const refreshTokens = refreshes
        .filter((r) => r.statusCode === 200)
        .map((r) => (r.json() as { data: { refreshToken: string } }).data.refreshToken);
      for (const rt of [m.refreshToken, ...refreshTokens])
        expect((await refresh(t, rt)).statusCode).toBe(403);
      const live = await t.db
        .selectFrom('refresh_token_family')
        .select('id')
        .where('member_id', '=', m.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toHaveLength(0);
    }
  });
});
