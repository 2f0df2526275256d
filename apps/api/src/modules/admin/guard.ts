import { STAFF_SESSION_IDLE_MINUTES, roleCan, type Permission, type StaffRole } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/schema.ts';
import { hashStaffToken } from './staff-token.ts';

/** Who is asking, on every guarded back-office request. */
export interface StaffPrincipal {
  staffId: string;
  email: string;
  name: string;
  role: StaffRole;
  /** The stores a store_staff account works for. */
  storeIds: string[];
  sessionId: string;
}

/**
 * What a back-office route declares in `config` — exactly one of: the permission it needs (checked
 * against the one table in the contracts before the body is even parsed), `signedIn: true` for what
 * every active staff member may do for themselves (who am I, sign out), or `public: true` for the
 * sign-in steps.
 */
export interface AdminRouteConfig {
  permission?: Permission;
  signedIn?: true;
  public?: true;
}

/** How a route is guarded: what the role-matrix test expects of each role. */
export type AdminAccess = 'public' | 'signedIn' | 'permission';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    signedIn?: true;
    public?: true;
  }
  interface FastifyRequest {
    /** Set on every guarded /admin/api route. */
    staff: StaffPrincipal;
  }
}

/**
 * OpenAPI security requirement of the guarded back-office routes: `Authorization: Bearer stf_…`, the
 * opaque staff session token (a member's JWT is refused).
 */
export const STAFF_SECURITY: Array<Record<string, string[]>> = [{ staffBearer: [] }];

/** A session's last_seen_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

const bearerOf = (req: FastifyRequest): string | undefined => {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer (stf_[A-Za-z0-9_-]{20,100})$/.exec(header.trim());
  return match?.[1];
};

/**
 * The session behind a token, if it is still good: not revoked, not past its absolute end, not idle
 * longer than the limit, and its staff account active. A member's token (a JWT) never matches.
 */
export const findStaffSession = async (
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<StaffPrincipal | undefined> => {
  const idleSince = new Date(now.getTime() - STAFF_SESSION_IDLE_MINUTES * 60_000);
  const row = await db
    .selectFrom('staff_session as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select(['s.id as sessionId', 's.last_seen_at', 'st.id as staffId', 'st.email', 'st.name', 'st.role'])
    .where('s.token_hash', '=', hashStaffToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('st.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return undefined;
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db
      .updateTable('staff_session')
      .set({ last_seen_at: now })
      .where('id', '=', row.sessionId)
      .execute();
  }
  const stores = await db
    .selectFrom('staff_store')
    .select('merchant_id')
    .where('staff_id', '=', row.staffId)
    .execute();
  return {
    staffId: row.staffId,
    email: row.email,
    name: row.name,
    role: row.role,
    storeIds: stores.map((s) => s.merchant_id),
    sessionId: row.sessionId,
  };
};

/**
 * Guards every route registered inside `app` (the back office's root plugin): a route must declare a
 * permission or `public: true`, else it does not even register — an unguarded back-office route cannot
 * be written by forgetting. Runs at onRequest, before validation, so a member's token or a role without
 * the permission learns nothing about the body the route expects.
 */
export const installStaffGuard = (
  app: FastifyInstance,
  opts: { db: Kysely<Database>; now: () => Date; routes: AdminRouteList },
) => {
  app.decorateRequest('staff', {
    getter(): StaffPrincipal {
      throw new Error('req.staff read on a public back-office route');
    },
  });
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as AdminRouteConfig;
    if (route.method === 'HEAD') return;
    const access = accessOf(config);
    if (!access) {
      throw new Error(
        `back-office route ${String(route.method)} ${route.url} must declare exactly one of ` +
          '`permission`, `signedIn: true` or `public: true`',
      );
    }
    // The OpenAPI document names the staff token on every guarded operation, declared or not.
    if (access !== 'public' && route.schema && !route.schema.security)
      route.schema = { ...route.schema, security: STAFF_SECURITY };
    for (const method of [route.method].flat()) {
      opts.routes.push({
        method: String(method),
        url: route.url,
        access,
        permission: config.permission ?? null,
      });
    }
  });
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config as AdminRouteConfig;
    const access = accessOf(config);
    if (access === 'public') return;
    const token = bearerOf(req);
    const staff = token ? await findStaffSession(opts.db, token, opts.now()) : undefined;
    if (!staff) throw new AppError('unauthorized');
    Object.defineProperty(req, 'staff', { value: staff, enumerable: true, configurable: true });
    if (access === 'signedIn') return;
    if (!config.permission || !roleCan(staff.role, config.permission)) throw new AppError('forbidden');
  });
};

/** Which one of the three a route declared; undefined when none or more than one. */
const accessOf = (config: AdminRouteConfig): AdminAccess | undefined => {
  const declared = [config.public === true, config.signedIn === true, config.permission !== undefined];
  if (declared.filter(Boolean).length !== 1) return undefined;
  if (config.public) return 'public';
  return config.signedIn ? 'signedIn' : 'permission';
};

/**
 * Every back-office route, how it is guarded and the permission it needs (null unless `access` is
 * 'permission'), for the role-matrix test.
 */
export type AdminRouteList = Array<{
  method: string;
  url: string;
  access: AdminAccess;
  permission: Permission | null;
}>;
