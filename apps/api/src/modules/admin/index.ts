// The back office's API (/admin/api): one root plugin whose every route passes the staff guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminArea, AdminModuleOptions } from './area.ts';
import { auditArea } from './audit/audit.routes.ts';
import { catalogueArea } from './catalogue/catalogue.routes.ts';
import { counterArea } from './counter/counter.routes.ts';
import { posKeysArea } from './counter/pos-keys.routes.ts';
import { campaignsArea } from './campaigns/campaigns.routes.ts';
import { dashboardArea } from './dashboard/dashboard.routes.ts';
import { staffAuthArea } from './auth/staff-auth.routes.ts';
import { installStaffGuard } from './guard.ts';
import { membersArea } from './members/members.routes.ts';
import { ordersArea } from './orders/orders.routes.ts';
import { rulesArea } from './rules/rules.routes.ts';
import { staffArea } from './staff/staff.routes.ts';

// Areas take their types from ./area.ts and the audit writer from ./audit.ts, not from here (a cycle).
export type { AdminArea, AdminModuleOptions } from './area.ts';
export type { AdminRouteList, StaffPrincipal } from './guard.ts';
export { actorOf, recordAudit, type AuditActor, type AuditEntry } from './audit.ts';
export {
  DEV_OWNER,
  createOwner,
  ensureDevOwner,
  systemActor,
  type CreateOwnerOutcome,
} from './staff/first-owner.ts';

/**
 * Registered by app.ts at /admin/api. Each area of the back office is its own plugin inside this one,
 * so the guard (one hook, one permission table) covers all of them.
 */
export const adminModule: FastifyPluginAsyncZod<AdminModuleOptions> = async (app, opts) => {
  installStaffGuard(app, { db: opts.deps.db, now: opts.deps.now, routes: opts.routes });
  const areas: AdminArea[] = [
    staffAuthArea,
    staffArea,
    auditArea,
    rulesArea,
    membersArea,
    campaignsArea,
    dashboardArea,
    ordersArea,
    catalogueArea,
    counterArea,
    posKeysArea,
  ];
  // Not `opts` itself: it carries this plugin's own prefix, which the areas would add a second time.
  const { deps, limiter, routes, catalogueChanged, orders } = opts;
  for (const area of areas) await app.register(area, { deps, limiter, routes, catalogueChanged, orders });
};
