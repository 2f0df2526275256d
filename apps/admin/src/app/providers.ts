import { roleCan, type Permission, type StaffMe } from '@app/contracts';
import type {
  AccessControlProvider,
  AuthProvider,
  BaseRecord,
  CrudFilter,
  DataProvider,
  I18nProvider,
} from '@refinedev/core';
import { api, isApiError, request, type Method } from '../api/client.ts';
import { session } from '../api/session.ts';
import { changeLanguage, currentLanguage, i18next } from '../shared/i18n.ts';

/*
 * Refine's three providers over our /admin/api: the data provider speaks the `{success, data}` envelope
 * (a list is `{ items, total }`), the auth provider the staff session, and access control reads the ONE
 * permission table in the contracts — the same table the API's guard checks.
 */

type Query = Record<string, string | number | undefined>;

const filtersToQuery = (filters: CrudFilter[] | undefined): Query => {
  const query: Query = {};
  for (const f of filters ?? []) {
    if (!('field' in f)) continue;
    const v: unknown = f.value;
    if (v === undefined || v === null || v === '') continue;
    query[f.field] = typeof v === 'number' ? v : String(v);
  }
  return query;
};

type ListAnswer = { items: BaseRecord[]; total?: number } | BaseRecord[];

export const dataProvider: DataProvider = {
  getApiUrl: () => '/admin/api',
  async getList({ resource, pagination, filters, sorters, meta }) {
    const query: Query = { ...filtersToQuery(filters), ...(meta?.query as Query | undefined) };
    if (pagination?.mode !== 'off') {
      query.page = pagination?.currentPage ?? 1;
      query.pageSize = pagination?.pageSize ?? 20;
    }
    const sort = sorters?.[0];
    if (sort) query.sort = `${sort.order === 'desc' ? '-' : ''}${sort.field}`;
    const data = await api.get<ListAnswer>(`/${resource}`, query, meta?.signal as AbortSignal | undefined);
    const items = Array.isArray(data) ? data : data.items;
    const total = Array.isArray(data) ? data.length : (data.total ?? items.length);
    return { data: items as never, total };
  },
  async getOne({ resource, id }) {
    return { data: (await api.get<BaseRecord>(`/${resource}/${encodeURIComponent(String(id))}`)) as never };
  },
  async create({ resource, variables }) {
    return { data: (await api.post<BaseRecord>(`/${resource}`, variables)) as never };
  },
  async update({ resource, id, variables }) {
    return {
      data: (await api.patch<BaseRecord>(
        `/${resource}/${encodeURIComponent(String(id))}`,
        variables,
      )) as never,
    };
  },
  async deleteOne({ resource, id }) {
    return {
      data: (await api.delete<BaseRecord>(`/${resource}/${encodeURIComponent(String(id))}`)) as never,
    };
  },
  async custom({ url, method, payload, query, headers }) {
    const path = url.startsWith('/admin/api') ? url.slice('/admin/api'.length) : url;
    const data = await request<BaseRecord>(method.toUpperCase() as Method, path, {
      body: method === 'get' ? undefined : (payload ?? {}),
      query: query as Query | undefined,
      headers: headers as Record<string, string> | undefined,
    });
    return { data: data as never };
  },
};

export const authProvider: AuthProvider = {
  /** The sign-in screen did the three steps; this keeps the session it got. */
  async login({ token, staff }: { token: string; staff: StaffMe }) {
    session.save(token, staff);
    return { success: true, redirectTo: homeOf(staff) };
  },
  async logout(params?: { ended?: boolean }) {
    if (session.token() && !params?.ended) await api.post('/auth/sign-out').catch(() => undefined);
    session.clear(params?.ended ?? false);
    return { success: true, redirectTo: '/' };
  },
  async check() {
    if (!session.token()) return { authenticated: false, redirectTo: '/', logout: true };
    return { authenticated: true };
  },
  async onError(error: unknown) {
    if (isApiError(error) && error.statusCode === 401) {
      session.clear(true);
      return { logout: true, redirectTo: '/' };
    }
    return {};
  },
  async getIdentity() {
    if (!session.token()) return null;
    try {
      const me = await api.get<StaffMe>('/me');
      session.setStaff(me);
      return me;
    } catch (e) {
      if (isApiError(e) && e.statusCode === 401) return null;
      return session.staff();
    }
  },
  async getPermissions() {
    return session.staff()?.permissions ?? [];
  },
};

/** Which permission each screen's action needs: resource.action → one row of PERMISSIONS. */
const RESOURCE_PERMISSIONS: Record<string, Partial<Record<string, Permission>>> = {
  members: { list: 'members.read', show: 'members.read', points: 'members.points', access: 'members.access' },
  staff: { list: 'staff.manage', show: 'staff.manage', create: 'staff.manage', edit: 'staff.manage' },
  audit: { list: 'audit.read' },
  orders: { list: 'orders.read', show: 'orders.read', refund: 'orders.refund' },
};

export const permissionFor = (resource: string, action: string): Permission | undefined =>
  RESOURCE_PERMISSIONS[resource]?.[action] ?? RESOURCE_PERMISSIONS[resource]?.list;

/** Whether a role may: the server's StaffMe.permissions when known, else the table itself. */
export const staffCan = (staff: Pick<StaffMe, 'role' | 'permissions'> | null, permission: Permission) =>
  !!staff &&
  (staff.permissions.length ? staff.permissions.includes(permission) : roleCan(staff.role, permission));

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    const permission = resource ? permissionFor(resource, action) : undefined;
    if (!permission) return { can: false };
    return { can: staffCan(session.staff(), permission) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

/** The first screen a role may see after signing in: members for owner and support, else their own work. */
export const homeOf = (staff: StaffMe): string => {
  if (staffCan(staff, 'members.read')) return '/members';
  if (staffCan(staff, 'dashboard.read')) return '/dashboard';
  if (staffCan(staff, 'catalogue.read')) return '/catalogue';
  if (staffCan(staff, 'audit.read')) return '/audit';
  if (staffCan(staff, 'counter.redeem')) return '/counter';
  return '/welcome';
};

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const text = i18next.t(key, (options ?? {}) as Record<string, unknown>) as string;
    return text === key && defaultMessage ? defaultMessage : text;
  },
  changeLocale: (lang: string) => changeLanguage(lang === 'th' ? 'th' : 'en'),
  getLocale: () => currentLanguage(),
};
