import type { AuditEntry, AuditPage } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/modules/admin/audit.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { signInStaff, type SignedInStaff } from './helpers/staff.ts';

const T0 = new Date('2026-03-01T00:00:00.000Z');
const HOUR = 3_600_000;

describe('the audit log: searched and read, never changed', () => {
  let t: TestApp;
  let support: SignedInStaff;
  let alice: SignedInStaff;
  let bob: SignedInStaff;
  const search = async (query: string, headers = support.headers) => {
    const res = await t.app.inject({ method: 'GET', url: `/admin/api/audit${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AuditPage }>().data;
  };
  const actionsOf = (page: AuditPage) => page.items.map((i) => i.action);

  beforeAll(async () => {
    t = await buildTestApp();
    support = await signInStaff(t, 'support');
    alice = await signInStaff(t, 'owner', { name: 'Alice' });
    bob = await signInStaff(t, 'marketing', { name: 'Bob' });
    const actor = (s: SignedInStaff) => ({ staffId: s.staffId, email: s.email, requestId: 'req-1' });
    // 30 entries an hour apart, two actors, a few kinds; one with a Thai reason.
    for (let i = 0; i < 30; i++)
      await recordAudit(t.db, actor(i % 2 === 0 ? alice : bob), new Date(T0.getTime() + i * HOUR), {
        action: i % 3 === 0 ? 'voucher.update' : i % 3 === 1 ? 'voucher.publish' : 'member.points_adjust',
        entityType: i % 3 === 2 ? 'member' : 'voucher',
        entityId: `e-${i % 5}`,
        before: { price: 100 + i },
        after: { price: 200 + i, title: i === 7 ? 'Kafae Latte Special' : 'x' },
        reason: i === 11 ? 'ลูกค้าร้องเรียน goodwill' : null,
      });
    // Two entries at the very same instant: the cursor must not lose or repeat one.
    const same = new Date(T0.getTime() + 40 * HOUR);
    await recordAudit(t.db, actor(alice), same, { action: 'tie.first', entityType: 'tie', entityId: null });
    await recordAudit(t.db, actor(alice), same, { action: 'tie.second', entityType: 'tie', entityId: null });
  });
  afterAll(() => t.close());

  it('lists newest first, and pages through everything with the cursor, none lost or repeated', async () => {
    const all = await search('?limit=100');
    expect(all.items.length).toBeGreaterThanOrEqual(32);
    expect(all.nextCursor).toBeNull();
    expect(all.items.slice(0, 2).map((i) => i.action)).toEqual(['tie.second', 'tie.first']);
    const times = all.items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);

    const seen: AuditEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      // A first page of one splits the two entries of the same instant.
      const limit = pages === 0 ? 1 : 7;
      const page: AuditPage = await search(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen.map((i) => i.id)).toEqual(all.items.map((i) => i.id));
    // The 30th entry (i = 29): Bob's.
    expect(all.items[2]).toMatchObject({
      action: 'member.points_adjust',
      entityType: 'member',
      entityId: 'e-4',
      staffId: bob.staffId,
      staffEmail: bob.email,
      requestId: 'req-1',
      before: { price: 129 },
      after: { price: 229, title: 'x' },
      reason: null,
    });
  });

  it('filters by staff, action (exact or prefix), entity, dates and free text', async () => {
    const byBob = await search(`?limit=100&staffId=${bob.staffId}`);
    expect(byBob.items).toHaveLength(15);
    expect(byBob.items.every((i) => i.staffId === bob.staffId)).toBe(true);
    expect((await search('?limit=100&action=voucher.publish')).items).toHaveLength(10);
    expect((await search('?limit=100&action=voucher.')).items).toHaveLength(20);
    // A prefix must end in "." — "vouch" is an action name, found nowhere.
    expect((await search('?limit=100&action=vouch')).items).toHaveLength(0);
    expect((await search('?limit=100&entityType=member')).items).toHaveLength(10);
    const one = await search('?limit=100&entityType=voucher&entityId=e-3');
    expect(one.items.map((i) => i.entityId)).toEqual(Array(one.items.length).fill('e-3'));
    expect(one.items.length).toBe(4);
    const window = await search(
      `?limit=100&from=${new Date(T0.getTime() + 10 * HOUR).toISOString()}&to=${new Date(T0.getTime() + 13 * HOUR).toISOString()}`,
    );
    expect(window.items.map((i) => i.at)).toEqual(
      [12, 11, 10].map((h) => new Date(T0.getTime() + h * HOUR).toISOString()),
    );
    // Free text looks into the record and the reason, any case, every word.
    expect(actionsOf(await search('?q=latte%20SPECIAL'))).toEqual(['voucher.publish']);
    expect((await search(`?q=${encodeURIComponent('ร้องเรียน')}`)).items.map((i) => i.reason)).toEqual([
      'ลูกค้าร้องเรียน goodwill',
    ]);
    expect((await search('?q=latte%20goodwill')).items).toEqual([]);
    expect((await search(`?q=${encodeURIComponent(bob.email)}&limit=100`)).items).toHaveLength(15);
    expect((await search('?q=%25')).items).toEqual([]);
  });

  it('refuses a bad query: limit over 100, a cursor it did not make, a malformed date', async () => {
    // Cursors that decode but hold what the columns cannot: an id past bigint, a year past timestamptz.
    const forged = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
    for (const query of [
      '?limit=101',
      '?limit=0',
      '?cursor=nonsense',
      `?cursor=${forged('2026-01-01T00:00:00.000Z', '9999999999999999999')}`,
      `?cursor=${forged('-100000-01-01T00:00:00.000Z', '1')}`,
      `?cursor=${forged('+275760-09-13T00:00:00.000Z', '1')}`,
      '?from=yesterday',
      '?staffId=nobody',
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/api/audit${query}`,
        headers: support.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('is read by owner and support only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/api/audit', headers: alice.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/api/audit', headers: bob.headers })).statusCode,
    ).toBe(403);
  });

  it('has no route that edits or deletes an entry', async () => {
    const auditRoutes = t.app.adminRoutes.filter((r) => r.url.startsWith('/admin/api/audit'));
    expect(auditRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /admin/api/audit']);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/admin/api/audit', '/admin/api/audit/1']) {
        const res = await t.app.inject({ method, url, headers: alice.headers, payload: {} });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
  });

  it('the database itself refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    const before = await t.db
      .selectFrom('audit_log')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = async (run: () => Promise<unknown>) => {
      const err = await run().then(
        () => undefined,
        (e: unknown) => e as { code?: string; message?: string },
      );
      expect(err?.message).toMatch(/append-only/);
      expect(err?.code).toBe('42501');
    };
    await refused(() => t.db.updateTable('audit_log').set({ action: 'forged' }).execute());
    await refused(() =>
      t.db.updateTable('audit_log').set({ reason: 'x' }).where('action', '=', 'tie.first').execute(),
    );
    await refused(() => t.db.deleteFrom('audit_log').execute());
    await refused(() => t.db.deleteFrom('audit_log').where('action', '=', 'tie.first').execute());
    await refused(() => sql`truncate audit_log`.execute(t.db));
    const after = await t.db
      .selectFrom('audit_log')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'forged').execute()).toEqual(
      [],
    );
  });
});
