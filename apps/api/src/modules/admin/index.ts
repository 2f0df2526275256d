// The back office's API (/admin/api): one root plugin whose every route passes the staff guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../http/module.ts';
import { installStaffGuard, type AdminRouteList } from './guard.ts';

export type { AdminRouteList, StaffPrincipal } from './guard.ts';
export { actorOf, recordAudit, type AuditActor, type AuditEntry } from './audit.ts';

/**
 * Registered by app.ts at /admin/api. Each area of the back office is its own plugin inside this one,
 * so the guard (one hook, one permission table) covers all of them.
 */
export const adminModule: FastifyPluginAsyncZod<AdminModuleOptions> = async (app, opts) => {
  installStaffGuard(app, { db: opts.deps.db, now: opts.deps.now, routes: opts.routes });
  const areas: AdminArea[] = [];
  for (const area of areas) await app.register(area, opts);
};

export interface AdminModuleOptions extends ModuleOptions {
  /** Filled with every back-office route and its permission as they register (the role-matrix test reads it). */
  routes: AdminRouteList;
}

/** One area of the back office (staff, members, audit, orders …), registered inside adminModule. */
export type AdminArea = FastifyPluginAsyncZod<AdminModuleOptions>;
