import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Staff, StaffChallengeData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { DEV_OWNER, ensureDevOwner } from '../src/modules/admin/index.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { CHILD_TEST_TIMEOUT } from './helpers/child-process.ts';
import {
  createTestStaff,
  createTestStore,
  openStaffSession,
  signInStaff,
  signInStaffThroughFlow,
  staffSendCodeAndRead,
  staffVerifyCode,
  uniqueStaffEmail,
  type SignedInStaff,
} from './helpers/staff.ts';

type Headers = { authorization: string };
const api = (t: TestApp, headers: Headers) => ({
  list: (query = '') => t.app.inject({ method: 'GET', url: `/admin/api/staff${query}`, headers }),
  create: (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/admin/api/staff', headers, payload }),
  get: (id: string) => t.app.inject({ method: 'GET', url: `/admin/api/staff/${id}`, headers }),
  update: (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/admin/api/staff/${id}`, headers, payload }),
  endSessions: (id: string) =>
    t.app.inject({ method: 'POST', url: `/admin/api/staff/${id}/sessions/end`, headers }),
  resetSecondFactor: (id: string) =>
    t.app.inject({ method: 'POST', url: `/admin/api/staff/${id}/second-factor/reset`, headers }),
});
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** `npm run admin:create-owner -- …` as npm runs it (tsx, repository root). */
const createOwnerCli = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin/create-owner.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => void (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => void (stderr += c.toString('utf8')));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
const me = (t: TestApp, headers: Headers) => t.app.inject({ method: 'GET', url: '/admin/api/me', headers });
const auditOf = (t: TestApp, entityId: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id').execute();

describe('staff management (owner only)', () => {
  let t: TestApp;
  let owner: SignedInStaff;
  let staff: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signInStaff(t, 'owner', { name: 'Olive Owner' });
    staff = api(t, owner.headers);
  });
  afterAll(() => t.close());

  it('creates an account, audited with who did it, and refuses a second account for the address', async () => {
    const email = uniqueStaffEmail('mark');
    const res = await staff.create({ email: email.toUpperCase(), name: 'Mali Marketing', role: 'marketing' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ data: Staff }>().data;
    expect(created).toMatchObject({
      email,
      name: 'Mali Marketing',
      role: 'marketing',
      storeIds: [],
      language: 'en',
      status: 'active',
      secondFactorEnrolled: false,
      activeSessions: 0,
      lastSignInAt: null,
    });
    const [row, ...more] = await auditOf(t, created.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      action: 'staff.create',
      entity_type: 'staff',
      staff_id: owner.staffId,
      staff_email: owner.email,
      before: null,
      after: { email, name: 'Mali Marketing', role: 'marketing', storeIds: [], status: 'active' },
    });
    expect(row?.request_id).toBeTruthy();
    const again = await staff.create({ email, name: 'Other', role: 'support' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'staff_email_taken' });

    // The new account signs in for the first time by enrolling an authenticator app.
    const challenge = (await staffVerifyCode(t, email, await staffSendCodeAndRead(t, email))).json<{
      data: StaffChallengeData;
    }>().data;
    expect(challenge.secondFactor).toBe('enrol_totp');
  });

  it('store staff need real stores; other roles hold none', async () => {
    const store = await createTestStore(t, 'Counter Cafe');
    const base = { name: 'Sam Store', role: 'store_staff' };
    for (const storeIds of [[], [crypto.randomUUID()], [store, crypto.randomUUID()]]) {
      const res = await staff.create({ ...base, email: uniqueStaffEmail(), storeIds });
      expect(res.statusCode, JSON.stringify(storeIds)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'storeIds' }] });
    }
    const noStores = await staff.create({ ...base, email: uniqueStaffEmail() });
    expect(noStores.json()).toMatchObject({ fields: [{ path: 'storeIds' }] });
    const wrongRole = await staff.create({
      email: uniqueStaffEmail(),
      name: 'S',
      role: 'support',
      storeIds: [store],
    });
    expect(wrongRole.json()).toMatchObject({ fields: [{ path: 'storeIds' }] });

    const ok = await staff.create({ ...base, email: uniqueStaffEmail(), storeIds: [store, store] });
    expect(ok.statusCode, ok.body).toBe(200);
    const created = ok.json<{ data: Staff }>().data;
    expect(created.storeIds).toEqual([store]);
    // Moving to another role drops the stores; back to store staff needs them named again.
    const support = await staff.update(created.id, { role: 'support' });
    expect(support.json<{ data: Staff }>().data).toMatchObject({ role: 'support', storeIds: [] });
    expect((await staff.update(created.id, { role: 'store_staff' })).json()).toMatchObject({
      fields: [{ path: 'storeIds' }],
    });
    const back = await staff.update(created.id, { role: 'store_staff', storeIds: [store] });
    expect(back.json<{ data: Staff }>().data).toMatchObject({ role: 'store_staff', storeIds: [store] });
  });

  it('lists accounts, searched by name or e-mail and filtered by role and status', async () => {
    const a = await createTestStaff(t, 'support', {
      name: 'Zanzibar Support',
      email: uniqueStaffEmail('zz'),
    });
    const b = await createTestStaff(t, 'support', { name: 'Quokka Person' });
    await t.db.updateTable('staff').set({ status: 'disabled' }).where('id', '=', b.staffId).execute();
    const byName = (await staff.list('?q=zanzibar')).json<{ data: { items: Staff[] } }>().data.items;
    expect(byName.map((s) => s.id)).toEqual([a.staffId]);
    const byEmail = (await staff.list(`?q=${encodeURIComponent(a.email.slice(0, 12).toUpperCase())}`)).json<{
      data: { items: Staff[] };
    }>().data.items;
    expect(byEmail.map((s) => s.id)).toContain(a.staffId);
    const disabled = (await staff.list('?status=disabled&role=support')).json<{ data: { items: Staff[] } }>()
      .data.items;
    expect(disabled.map((s) => s.id)).toEqual([b.staffId]);
    // A LIKE wildcard is searched for as itself.
    expect((await staff.list('?q=%25')).json<{ data: { items: Staff[] } }>().data.items).toEqual([]);
    const one = await staff.get(a.staffId);
    expect(one.json<{ data: Staff }>().data).toMatchObject({ id: a.staffId, name: 'Zanzibar Support' });
    expect((await staff.get(crypto.randomUUID())).json()).toMatchObject({ code: 'staff_not_found' });
    expect((await staff.list('?role=janitor')).statusCode).toBe(400);
  });

  it('a change is audited before and after; nothing changed writes nothing', async () => {
    const s = await createTestStaff(t, 'support', { name: 'Before Name' });
    const session = await openStaffSession(t, s.staffId);
    const res = await staff.update(s.staffId, { name: 'After Name', language: 'th' });
    expect(res.json<{ data: Staff }>().data).toMatchObject({
      name: 'After Name',
      language: 'th',
      activeSessions: 1,
    });
    // Name and language leave sessions alone.
    expect((await me(t, session.headers)).statusCode).toBe(200);
    const rows = await auditOf(t, s.staffId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'staff.update',
      before: { name: 'Before Name', language: 'en' },
      after: { name: 'After Name', language: 'th' },
    });
    await staff.update(s.staffId, { name: 'After Name' });
    expect(await auditOf(t, s.staffId)).toHaveLength(1);
    expect((await staff.update(crypto.randomUUID(), { name: 'x' })).json()).toMatchObject({
      code: 'staff_not_found',
    });
  });

  it('a role change or disabling ends the account’s sessions at once', async () => {
    const s = await signInStaff(t, 'marketing');
    const second = await openStaffSession(t, s.staffId);
    expect((await me(t, s.headers)).statusCode).toBe(200);
    const res = await staff.update(s.staffId, { role: 'support' });
    expect(res.json<{ data: Staff }>().data).toMatchObject({ role: 'support', activeSessions: 0 });
    expect((await me(t, s.headers)).statusCode).toBe(401);
    expect((await me(t, second.headers)).statusCode).toBe(401);
    const [row] = await auditOf(t, s.staffId);
    expect(row).toMatchObject({
      before: { role: 'marketing' },
      after: { role: 'support', sessionsEnded: 2 },
    });
    const revoked = await t.db
      .selectFrom('staff_session')
      .select('revoked_reason')
      .where('staff_id', '=', s.staffId)
      .execute();
    expect(revoked.map((r) => r.revoked_reason)).toEqual(['role_changed', 'role_changed']);

    const d = await signInStaff(t, 'support');
    expect((await staff.update(d.staffId, { status: 'disabled' })).statusCode).toBe(200);
    expect((await me(t, d.headers)).statusCode).toBe(401);
    // Enabling again does not bring a session back.
    expect((await staff.update(d.staffId, { status: 'active' })).statusCode).toBe(200);
    expect((await me(t, d.headers)).statusCode).toBe(401);
  });

  it('ends every session of an account on request', async () => {
    const s = await signInStaff(t, 'support');
    await openStaffSession(t, s.staffId);
    const res = await staff.endSessions(s.staffId);
    expect(res.json()).toEqual({ success: true, data: { ended: 2 } });
    expect((await me(t, s.headers)).statusCode).toBe(401);
    const [row] = await auditOf(t, s.staffId);
    expect(row).toMatchObject({ action: 'staff.sessions_end', after: { sessionsEnded: 2 } });
    expect((await staff.endSessions(crypto.randomUUID())).statusCode).toBe(404);
  });

  it('a reset second factor ends sessions and the next sign-in enrols a new app', async () => {
    const { email, staffId } = await createTestStaff(t, 'support');
    const first = await signInStaffThroughFlow(t, email);
    expect((await staff.get(staffId)).json<{ data: Staff }>().data.secondFactorEnrolled).toBe(true);
    const res = await staff.resetSecondFactor(staffId);
    expect(res.json<{ data: Staff }>().data).toMatchObject({
      secondFactorEnrolled: false,
      activeSessions: 0,
    });
    expect((await me(t, first.headers)).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ totp_secret: null, totp_confirmed_at: null, totp_last_step: null });
    const again = await signInStaffThroughFlow(t, email);
    expect(again.secret).not.toBe(first.secret);
    const actions = (await auditOf(t, staffId)).map((a) => a.action);
    expect(actions).toContain('staff.second_factor_reset');
  });

  it('other roles cannot manage staff', async () => {
    for (const role of ['marketing', 'support', 'store_staff'] as const) {
      const s = await signInStaff(t, role);
      expect(
        (await api(t, s.headers).create({ email: uniqueStaffEmail(), name: 'x', role: 'owner' })).statusCode,
      ).toBe(403);
      expect((await api(t, s.headers).update(s.staffId, { role: 'owner' })).statusCode).toBe(403);
    }
  });
});

describe('the programme always keeps an active owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('the last active owner can neither leave the role nor be disabled, and nothing is written', async () => {
    const owner = await signInStaff(t, 'owner');
    const staff = api(t, owner.headers);
    for (const change of [
      { role: 'support' },
      { status: 'disabled' },
      { role: 'marketing', status: 'disabled' },
    ]) {
      const res = await staff.update(owner.staffId, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'last_owner' });
    }
    expect(await auditOf(t, owner.staffId)).toEqual([]);
    expect((await me(t, owner.headers)).statusCode).toBe(200);
    // A disabled owner does not count: with a second, active owner the first may step down.
    const other = await createTestStaff(t, 'owner');
    expect((await staff.update(other.staffId, { status: 'disabled' })).statusCode).toBe(200);
    expect((await staff.update(owner.staffId, { role: 'support' })).json()).toMatchObject({
      code: 'last_owner',
    });
    expect((await staff.update(other.staffId, { status: 'active' })).statusCode).toBe(200);
    const stepDown = await staff.update(owner.staffId, { role: 'support' });
    expect(stepDown.statusCode).toBe(200);
    expect((await me(t, owner.headers)).statusCode).toBe(401);
  });

  it('two owners disabling each other at once: exactly one succeeds (10 rounds)', async () => {
    const active = await t.db
      .selectFrom('staff')
      .select('id')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .execute();
    expect(active).toHaveLength(1);
    let survivor = active[0]?.id ?? '';
    for (let round = 0; round < 10; round++) {
      const newcomer = await createTestStaff(t, 'owner');
      const a = await openStaffSession(t, survivor);
      const b = await openStaffSession(t, newcomer.staffId);
      const [ra, rb] = await Promise.all([
        api(t, a.headers).update(newcomer.staffId, { status: 'disabled' }),
        api(t, b.headers).update(survivor, { status: 'disabled' }),
      ]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      // The loser is refused: as the last owner (409), or — its own session ended by the winner — 401.
      expect(codes[0], `round ${round}: ${ra.body} ${rb.body}`).toBe(200);
      expect([401, 409], `round ${round}`).toContain(codes[1]);
      const owners = await t.db
        .selectFrom('staff')
        .select('id')
        .where('role', '=', 'owner')
        .where('status', '=', 'active')
        .execute();
      expect(owners, `round ${round}`).toHaveLength(1);
      survivor = owners[0]?.id ?? '';
    }
  });
});

describe('the first owner', () => {
  it('npm start in development makes owner@privileges.local once, when no staff exists', async () => {
    const t = await buildTestApp();
    try {
      const made = await ensureDevOwner(t.db, t.clock.now);
      expect(made).toMatchObject({
        outcome: 'created',
        staff: {
          email: DEV_OWNER.email,
          name: 'Programme Owner',
          role: 'owner',
          secondFactorEnrolled: false,
        },
      });
      const [row] = await t.db.selectFrom('audit_log').selectAll().execute();
      expect(row).toMatchObject({
        action: 'staff.create',
        staff_id: null,
        staff_email: 'system:development-start',
      });
      expect(await ensureDevOwner(t.db, t.clock.now)).toBeUndefined();
      // It signs in like anyone: the code by mail, then enrolment.
      const s = await signInStaffThroughFlow(t, DEV_OWNER.email);
      expect(s.data.staff.role).toBe('owner');
    } finally {
      await t.close();
    }
  });

  it(
    'npm run admin:create-owner makes the first owner, refuses a second unless forced, and restores an address',
    async () => {
      const t = await buildTestApp();
      const dir = t.kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'create-owner-')) : undefined;
      const env: Record<string, string> = dir
        ? { DATA_DIR: dir }
        : { DATABASE_URL: t.config.databaseUrl ?? '' };
      try {
        const first = await createOwnerCli(['--email', 'Boss@Example.com', '--name', 'The Boss'], env);
        expect(first.code, first.stderr).toBe(0);
        expect(first.stdout).toContain('owner created: boss@example.com');
        const second = await createOwnerCli(['--email', 'two@example.com', '--name', 'Two'], env);
        expect(second.code).toBe(1);
        expect(second.stderr).toContain('an active owner exists already (boss@example.com)');
        const forced = await createOwnerCli(['--email', 'two@example.com', '--name', 'Two', '--force'], env);
        expect(forced.code, forced.stderr).toBe(0);
        const bad = await createOwnerCli(['--email', 'nope', '--name', 'X'], env);
        expect(bad.code).toBe(2);
        expect(bad.stderr).toContain('usage: npm run admin:create-owner');

        const db = dir ? openDatabase({ dataDir: dir, controlSocket: false }) : t.db;
        try {
          // An existing (disabled, enrolled) account comes back as an active owner with no second factor.
          await db
            .updateTable('staff')
            .set({ status: 'disabled', role: 'support', totp_secret: 'v1.x', totp_confirmed_at: new Date() })
            .where('email', '=', 'two@example.com')
            .execute();
          if (dir) await db.destroy();
          const restored = await createOwnerCli(
            ['--email', 'two@example.com', '--name', 'Two', '--force'],
            env,
          );
          expect(restored.stdout).toContain('owner restored (second factor reset): two@example.com');
          const check = dir ? openDatabase({ dataDir: dir, controlSocket: false }) : t.db;
          try {
            const rows = await check.selectFrom('staff').selectAll().orderBy('email').execute();
            expect(rows.map((r) => [r.email, r.role, r.status, r.totp_secret])).toEqual([
              ['boss@example.com', 'owner', 'active', null],
              ['two@example.com', 'owner', 'active', null],
            ]);
            const audit = await check
              .selectFrom('audit_log')
              .select(['action', 'staff_email'])
              .orderBy('id')
              .execute();
            expect(audit).toEqual([
              { action: 'staff.create', staff_email: 'system:create-owner' },
              { action: 'staff.create', staff_email: 'system:create-owner' },
              { action: 'staff.owner_restore', staff_email: 'system:create-owner' },
            ]);
          } finally {
            if (dir) await check.destroy();
          }
        } finally {
          if (dir && db !== t.db) await db.destroy().catch(() => {});
        }
      } finally {
        await t.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    },
    CHILD_TEST_TIMEOUT,
  );
});
