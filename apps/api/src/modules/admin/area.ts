import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../http/module.ts';
import type { AdminRouteList } from './guard.ts';
import type { OrdersRuntime } from '../orders/index.ts';

export interface AdminModuleOptions extends ModuleOptions {
  /** Filled with every back-office route and its permission as they register (the role-matrix test reads it). */
  routes: AdminRouteList;
  /** Call after committing a change members see in the catalogue: this process's caches follow at once. */
  catalogueChanged: () => void;
  /** The orders module's services for a request (refunds go through its one refund service). */
  orders: OrdersRuntime;
}

/** One area of the back office (staff, members, audit, orders …), registered inside adminModule. */
export type AdminArea = FastifyPluginAsyncZod<AdminModuleOptions>;
