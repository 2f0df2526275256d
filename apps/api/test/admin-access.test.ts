import { randomUUID } from 'node:crypto';
import { STAFF_ROLES, roleCan, type StaffRole } from '@app/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installStaffGuard, type AdminRouteList } from '../src/modules/admin/guard.ts';
import { buildTestApp, signIn, type TestApp } from './helpers/build-test-app.ts';
import { createTestStaff, openStaffSession } from './helpers/staff.ts';

interface Operation {
  method: string;
  /** The OpenAPI path, `{id}` for parameters. */
  path: string;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const key = (op: Operation) => `${op.method} ${op.path}`;
/** Every parameter gets a well-formed id that names nothing: the guard answers before any lookup. */
const urlOf = (op: Operation) => op.path.replace(/\{[^}]+\}/g, () => randomUUID());

/**
 * The member-token test and the role matrix over every back-office operation: every operation the
 * OpenAPI document lists under /admin/api, cross-checked with the list the guard fills as routes
 * register — an operation missing from either fails, so a new route is covered the moment it exists.
 */
describe('back-office access: every /admin/api operation × no token, a member, each role', () => {
  let t: TestApp;
  let operations: Operation[];
  let routes: AdminRouteList;
  const docOps = new Map<string, { security?: unknown }>();
  const staffOf = new Map<StaffRole, string>();
  let memberAccessToken: string;
  let memberRefreshToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/admin/api/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => HTTP_METHODS.includes(m))
          .map((m) => ({ method: m.toUpperCase(), path })),
      );
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        docOps.set(`${method.toUpperCase()} ${path}`, op as { security?: unknown });
    routes = t.app.adminRoutes;
    for (const role of STAFF_ROLES) staffOf.set(role, (await createTestStaff(t, role)).staffId);
    const member = await signIn(t);
    memberAccessToken = member.accessToken;
    memberRefreshToken = member.refreshToken;
  });
  afterAll(() => t?.close());

  const call = (op: Operation, headers: Record<string, string> = {}) =>
    t.app.inject({ method: op.method as 'GET', url: urlOf(op), headers });

  const accessOf = (op: Operation) => {
    const route = routes.find(
      (r) => r.method === op.method && r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}') === op.path,
    );
    if (!route) throw new Error(`${key(op)} is not in app.adminRoutes`);
    return route;
  };

  it('the OpenAPI document and the guard list the same operations', () => {
    const fromGuard = routes.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    expect(operations.length).toBeGreaterThan(10);
    expect(new Set(operations.map(key))).toEqual(new Set(fromGuard));
    expect(operations.length).toBe(fromGuard.length);
    // Every guarded operation tells a client which token it takes; the sign-in steps take none.
    for (const op of operations) {
      const security = docOps.get(key(op))?.security;
      if (accessOf(op).access === 'public') expect(security, key(op)).toBeUndefined();
      else expect(security, key(op)).toEqual([{ staffBearer: [] }]);
    }
    // The only doors without a session are the three sign-in steps.
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map((r) => r.url)
        .sort(),
    ).toEqual(['/admin/api/auth/second-factor', '/admin/api/auth/send-code', '/admin/api/auth/verify-code']);
  });

  it('without a token every guarded operation answers 401', async () => {
    for (const op of operations) {
      if (accessOf(op).access === 'public') continue;
      const res = await call(op);
      expect(res.statusCode, key(op)).toBe(401);
      expect(res.json(), key(op)).toMatchObject({ success: false, code: 'unauthorized' });
    }
  });

  it("with a member's token (either Authorization form) every guarded operation answers 401", async () => {
    for (const op of operations) {
      if (accessOf(op).access === 'public') continue;
      for (const authorization of [
        `Bearer ${memberAccessToken}`,
        JSON.stringify({ accessToken: memberAccessToken, refreshToken: memberRefreshToken }),
      ]) {
        const res = await call(op, { authorization });
        expect(res.statusCode, `${key(op)} ${authorization.slice(0, 8)}`).toBe(401);
      }
    }
  });

  it('each role gets 403 exactly where the permission table says no, and is let past the guard elsewhere', async () => {
    const matrix: string[] = [];
    for (const op of operations) {
      const route = accessOf(op);
      if (route.access === 'public') continue;
      for (const role of STAFF_ROLES) {
        // A session of its own per call: an allowed sign-out must not end the next call's session.
        const { headers } = await openStaffSession(t, staffOf.get(role) ?? '');
        const res = await call(op, headers);
        const allowed =
          route.access === 'signedIn' || (route.permission !== null && roleCan(role, route.permission));
        const label = `${key(op)} as ${role} (${route.permission ?? route.access})`;
        if (allowed) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json(), label).toMatchObject({ success: false, code: 'forbidden' });
        }
        expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
        matrix.push(`${label} → ${res.statusCode}`);
      }
    }
    expect(matrix.length).toBe(operations.filter((op) => accessOf(op).access !== 'public').length * 4);
  });
});

describe('the guard refuses to register a back-office route that does not say who may use it', () => {
  const register = async (config: Record<string, unknown> | undefined) => {
    const app = Fastify();
    const routes: AdminRouteList = [];
    await app.register(async (admin) => {
      installStaffGuard(admin, { db: undefined as never, now: () => new Date(), routes });
      admin.get('/x', config ? { config } : {}, async () => 'ok');
    });
    await app.ready();
    await app.close();
    return routes;
  };

  it('no declaration, or more than one, stops the registration', async () => {
    await expect(register(undefined)).rejects.toThrow(/must declare exactly one/);
    await expect(register({ public: true, permission: 'staff.manage' })).rejects.toThrow(/exactly one/);
    await expect(register({ signedIn: true, permission: 'audit.read' })).rejects.toThrow(/exactly one/);
    expect(await register({ permission: 'audit.read' })).toEqual([
      { method: 'GET', url: '/x', access: 'permission', permission: 'audit.read' },
    ]);
    expect((await register({ signedIn: true }))[0]?.access).toBe('signedIn');
  });
});
