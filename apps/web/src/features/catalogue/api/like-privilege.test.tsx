import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthState } from '../../auth/index.ts';
import { aPrivilege } from '../test-data.ts';
import { optimisticLike, patchPrivilegeData, useLikePrivilege } from './like-privilege.ts';
import { catalogueKeys } from './query-keys.ts';
import { json } from '../../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('patchPrivilegeData', () => {
  const p = aPrivilege({ id: 'p1', liked: false, likeCount: 10 });
  const other = aPrivilege({ id: 'p2', likeCount: 3 });
  const patch = optimisticLike(true);

  it('patches a detail, a list, a page and infinite pages; leaves others untouched', () => {
    expect(patchPrivilegeData(p, 'p1', patch)).toMatchObject({ liked: true, likeCount: 11 });
    expect(patchPrivilegeData([other, p], 'p1', patch)).toMatchObject([{ likeCount: 3 }, { likeCount: 11 }]);
    const page = { items: [p], page: 1, limit: 20, total: 1, totalPages: 1 };
    expect(patchPrivilegeData(page, 'p1', patch)).toMatchObject({ items: [{ liked: true }], total: 1 });
    const infinite = { pages: [page], pageParams: [1] };
    expect(patchPrivilegeData(infinite, 'p1', patch)).toMatchObject({
      pages: [{ items: [{ liked: true }] }],
    });
    const untouched = [other];
    expect(patchPrivilegeData(untouched, 'p1', patch)).toBe(untouched);
    expect(patchPrivilegeData(undefined, 'p1', patch)).toBeUndefined();
  });

  it('liking twice or unliking an unliked one does not change the count', () => {
    expect(optimisticLike(true)({ id: 'x', liked: true, likeCount: 5 })).toEqual({
      liked: true,
      likeCount: 5,
    });
    expect(optimisticLike(false)({ id: 'x', liked: false, likeCount: 0 })).toEqual({
      liked: false,
      likeCount: 0,
    });
    expect(optimisticLike(false)({ id: 'x', liked: true, likeCount: 5 })).toEqual({
      liked: false,
      likeCount: 4,
    });
  });
});

describe('useLikePrivilege', () => {
  const en = { lang: 'en', viewer: 'm1' } as const;
  const th = { lang: 'th', viewer: 'm1' } as const;
  const detailKey = catalogueKeys.privileges.detail(en, 'p1');
  const listKey = catalogueKeys.privileges.first(th, { orderBy: 'createdAt', orderDir: 'DESC' }, 6);
  const visitorKey = catalogueKeys.privileges.detail({ lang: 'en', viewer: 'visitor' }, 'p1');

  beforeEach(() => useAuthStore.setState({ isLoggedIn: true, info: { id: 'm1' } as AuthState['info'] }));
  afterEach(() => useAuthStore.setState({ isLoggedIn: false, info: null }));

  const setup = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(detailKey, aPrivilege({ id: 'p1', liked: false, likeCount: 10 }));
    client.setQueryData(visitorKey, aPrivilege({ id: 'p1', liked: false, likeCount: 10 }));
    client.setQueryData(listKey, {
      items: [aPrivilege({ id: 'p1', liked: false, likeCount: 10 })],
      page: 1,
      limit: 6,
      total: 1,
      totalPages: 1,
    });
    // Testing Library's Preact binding types a wrapper's children as Preact's; here they are React's.
    const wrapper = ({ children }: { children?: unknown }) => (
      <QueryClientProvider client={client}>{children as ReactNode}</QueryClientProvider>
    );
    const onError = vi.fn();
    const hook = renderHook(() => useLikePrivilege({ onError }), { wrapper });
    return { client, hook, onError };
  };

  it('shows the like at once everywhere, then takes the server count', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    const { client, hook } = setup();
    act(() => void hook.result.current({ id: 'p1', like: true }));
    await waitFor(() => expect(client.getQueryData(detailKey)).toMatchObject({ liked: true, likeCount: 11 }));
    expect(client.getQueryData(listKey)).toMatchObject({ items: [{ liked: true, likeCount: 11 }] });
    const call = fetchMock.mock.calls[0];
    expect(String(call?.[0])).toBe('/bff/privileges/p1/like');
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ like: true });

    answer(json(200, { success: true, data: { id: 'p1', liked: true, likeCount: 42 } }));
    await waitFor(() => expect(client.getQueryData(detailKey)).toMatchObject({ liked: true, likeCount: 42 }));
    expect(client.getQueryData(listKey)).toMatchObject({ items: [{ likeCount: 42 }] });
    // Another reader's answer holds that reader's own `liked`.
    expect(client.getQueryData(visitorKey)).toMatchObject({ liked: false, likeCount: 10 });
  });

  it('puts everything back when the call fails', async () => {
    fetchMock.mockResolvedValue(json(500, { success: false, code: 'internal_error', message: ['boom'] }));
    const { client, hook, onError } = setup();
    act(() => void hook.result.current({ id: 'p1', like: true }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(client.getQueryData(detailKey)).toMatchObject({ liked: false, likeCount: 10 });
    expect(client.getQueryData(listKey)).toMatchObject({ items: [{ liked: false, likeCount: 10 }] });
  });
});
