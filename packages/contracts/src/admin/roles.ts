import { z } from '../zod-config.ts';

/**
 * Back-office roles. Staff are not members: their own accounts, sessions and second factor.
 * owner: everything, manages staff · marketing: catalogue, coupons, banners, campaigns ·
 * support: members, points corrections, orders and refunds · store_staff: their own store(s) only.
 */
export const STAFF_ROLES = ['owner', 'marketing', 'support', 'store_staff'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/**
 * The one permission table: every back-office operation names one permission, and a role may use it
 * only when listed here. The API checks it before any handler runs; the back office reads it to hide
 * what a role cannot do. A new operation needs a row here, and the role-matrix test covers it.
 */
export const PERMISSIONS = {
  /** Create staff, change roles and stores, disable, end their sessions, reset a second factor. */
  'staff.manage': ['owner'],
  /** Read the audit log. */
  'audit.read': ['owner', 'support'],
  /** Search members; a member's profile, orders, wallet, points ledger and notifications. */
  'members.read': ['owner', 'support'],
  /** Grant or correct points (a ledger entry with a reason). */
  'members.points': ['owner', 'support'],
  /** Block or unblock sign-in; end a member's sessions. */
  'members.access': ['owner', 'support'],
  /** Search orders and read an order's timeline. */
  'orders.read': ['owner', 'support'],
  /** Refund a paid order, whole or by line. */
  'orders.refund': ['owner', 'support'],
  /** Read the catalogue as the back office sees it (drafts included). */
  'catalogue.read': ['owner', 'marketing', 'support'],
  /** Stores, categories, vouchers, privileges, coupons, banners: create, edit, publish. */
  'catalogue.write': ['owner', 'marketing'],
  /** Programme rules (points per baht, lifetime, tiers): read. */
  'rules.read': ['owner', 'marketing', 'support'],
  /** Programme rules: change (takes effect for new activity). */
  'rules.write': ['owner'],
  /** Campaign messages: write, schedule, send. */
  'campaigns.send': ['owner', 'marketing'],
  /** Dashboards: sales, redemptions, points liability, tiers. */
  'dashboard.read': ['owner', 'marketing', 'support'],
  /** The shop's counter: look up a member's wallet code and record a use, for the staff member's own stores only. */
  'counter.redeem': ['store_staff'],
  /** A store's API keys for its point-of-sale system: list, create (shown once), revoke. */
  'stores.apiKeys': ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export const roleCan = (role: StaffRole, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);

export const permissionsOf = (role: StaffRole): Permission[] =>
  PERMISSION_NAMES.filter((p) => roleCan(role, p));
