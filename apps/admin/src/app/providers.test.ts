import type { StaffMe } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError, setUnauthorizedHandler } from '../api/client.ts';
import { session } from '../api/session.ts';
import { errorText } from '../shared/error-text.ts';
import { changeLanguage, i18next } from '../shared/i18n.ts';
import { accessControlProvider, authProvider, dataProvider } from './providers.ts';

const staff = (role: StaffMe['role'], permissions: StaffMe['permissions'] = []): StaffMe => ({
  id: 's1',
  email: `${role}@example.com`,
  name: role,
  role,
  storeIds: [],
  permissions,
  language: 'en',
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  void changeLanguage('en');
});

describe('the data provider over /admin/api', () => {
  it('lists with the page, the filters and the staff token, and reads {items, total}', async () => {
    session.save('stf_token', staff('support'));
    fetchMock.mockResolvedValue(answer(200, { success: true, data: { items: [{ id: 'm1' }], total: 41 } }));
    const list = await dataProvider.getList({
      resource: 'members',
      pagination: { currentPage: 3, pageSize: 20 },
      filters: [
        { field: 'q', operator: 'eq', value: 'somchai' },
        { field: 'status', operator: 'eq', value: '' },
      ],
    });
    expect(list).toEqual({ data: [{ id: 'm1' }], total: 41 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/admin/api/members?q=somchai&page=3&pageSize=20');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer stf_token');
  });

  it('turns an error envelope into the code, texts and per-field messages; shows errors.<code> in Thai', async () => {
    fetchMock.mockResolvedValue(
      answer(400, {
        success: false,
        code: 'validation_failed',
        message: ['Some of the information is not valid.'],
        fields: [{ path: 'reason', message: 'Too small' }],
      }),
    );
    const error = await dataProvider.create({ resource: 'staff', variables: {} }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('validation_failed');
    expect(isApiError(error) && error.errors).toEqual({ reason: ['Too small'] });
    await changeLanguage('th');
    expect(errorText(i18next.t, error)).toBe(
      i18next.getResource('th', 'translation', 'errors.validation_failed'),
    );
    expect(errorText(i18next.t, error)).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('a code the texts do not know shows the server’s own message', async () => {
    fetchMock.mockResolvedValue(
      answer(409, { success: false, code: 'brand_new_code', message: ['From the server'] }),
    );
    const error = await dataProvider.getOne({ resource: 'orders', id: 'o1' }).catch((e: unknown) => e);
    expect(errorText(i18next.t, error)).toBe('From the server');
  });

  it('a 401 on a signed-in call ends the session and says so at sign-in', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    session.save('stf_token', staff('owner'));
    fetchMock.mockResolvedValue(
      answer(401, { success: false, code: 'unauthorized', message: ['Please sign in'] }),
    );
    await expect(dataProvider.getList({ resource: 'staff' })).rejects.toMatchObject({ statusCode: 401 });
    expect(ended).toHaveBeenCalledOnce();
    expect(
      await authProvider.onError(await dataProvider.getList({ resource: 'staff' }).catch((e: unknown) => e)),
    ).toEqual({
      logout: true,
      redirectTo: '/',
    });
    expect(session.token()).toBeNull();
    expect(session.endedBefore()).toBe(true);
  });
});

describe('access control from the one permission table', () => {
  it('support may read members and adjust points, not manage staff; the owner may', async () => {
    session.save('stf_support', staff('support'));
    expect(await accessControlProvider.can({ resource: 'members', action: 'points' })).toEqual({ can: true });
    expect(await accessControlProvider.can({ resource: 'orders', action: 'refund' })).toEqual({ can: true });
    expect(await accessControlProvider.can({ resource: 'staff', action: 'list' })).toEqual({ can: false });
    session.save('stf_owner', staff('owner'));
    expect(await accessControlProvider.can({ resource: 'staff', action: 'list' })).toEqual({ can: true });
  });

  it('the server’s StaffMe.permissions win over the role when it sends them', async () => {
    session.save('stf_x', staff('owner', ['members.read']));
    expect(await accessControlProvider.can({ resource: 'members', action: 'list' })).toEqual({ can: true });
    expect(await accessControlProvider.can({ resource: 'audit', action: 'list' })).toEqual({ can: false });
  });
});

describe('where a role lands after signing in', () => {
  it('owner and support on members, marketing on the dashboard, store staff at the counter', async () => {
    const { homeOf } = await import('./providers.ts');
    expect(homeOf(staff('owner'))).toBe('/members');
    expect(homeOf(staff('support'))).toBe('/members');
    expect(homeOf(staff('marketing'))).toBe('/dashboard');
    expect(homeOf(staff('store_staff'))).toBe('/counter');
  });
});
