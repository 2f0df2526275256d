import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../shared/i18n/i18n.ts';
import { initialAuthState, useAuthStore } from '../../auth/index.ts';
import { HomeScreen } from '../routes/home.tsx';
import { PrivilegeDetailScreen } from '../routes/privilege-detail.tsx';
import { readHomeAddress } from '../lib/home-address.ts';
import { aPrivilege, aVoucher } from '../test-data.ts';
import { prefetchDetailFirstView, prefetchHomeFirstView } from './first-view.ts';
import { ok } from '../../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();
const requested = () => fetchMock.mock.calls.map(([url]) => String(url)).sort();

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState, isInitialed: true });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname.startsWith('/bff/banners/')) return ok([]);
    if (url.pathname === '/bff/categories') return ok([]);
    if (url.pathname === '/bff/vouchers/recommend') return ok([aVoucher()]);
    if (url.pathname === '/bff/privileges/p-1') return ok(aPrivilege({ id: 'p-1' }));
    if (url.pathname === '/bff/privileges/recommend') return ok([aPrivilege({ id: 'p-2' })]);
    if (url.pathname === '/bff/vouchers' || url.pathname === '/bff/privileges')
      return ok({ items: [], page: 1, limit: 6, totalItems: 0, totalPages: 0 });
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

// A query the screen holds switched off (a member's points, for a visitor) asks for nothing: only the
// queries that have fetched, or are fetching, count. (Whether the switched-off one has its observer
// yet depends on when the renderer runs effects.)
const keysOf = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.fetchStatus !== 'idle' || q.state.dataUpdateCount + q.state.errorUpdateCount > 0)
    .map((q) => JSON.stringify(q.queryKey))
    .sort();

async function renderAt(client: QueryClient, path: string) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/home" element={<HomeScreen />} />
          <Route path="/th/home" element={<HomeScreen />} />
          <Route path="/privileges/:id" element={<PrivilegeDetailScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(client.isFetching()).toBe(0));
}

describe('prefetchHomeFirstView', () => {
  it.each([
    ['/home', 'en'],
    ['/th/home?category=dining', 'th'],
    ['/home?tab=privilege', 'en'],
    // An unknown tab is the vouchers tab, grid included.
    ['/home?tab=unknown', 'en'],
  ] as const)('asks for exactly what a visitor’s home at %s asks for, once', async (path, lang) => {
    await applyLanguage(lang);
    const url = new URL(path, 'http://app.test');

    const alone = newClient();
    await renderAt(alone, path);
    const screenKeys = keysOf(alone);
    const screenRequests = requested();

    cleanup();
    fetchMock.mockClear();
    const prefetched = newClient();
    prefetchHomeFirstView(prefetched, lang, url.searchParams);
    // The first view's queries only: a tab other than vouchers loads its own list with its code.
    const firstView = keysOf(prefetched);
    await renderAt(prefetched, path);

    expect(firstView.length).toBeGreaterThanOrEqual(4);
    expect(screenKeys).toEqual(expect.arrayContaining(firstView));
    if (readHomeAddress(url.searchParams).tab === 'voucher') expect(firstView).toEqual(screenKeys);
    // The screen found the prefetched answers: no request twice.
    expect(requested()).toEqual(screenRequests);
  });

  it('asks nothing for a search, which shows results instead', () => {
    const client = new QueryClient();
    prefetchHomeFirstView(client, 'en', new URLSearchParams('q=latte'));
    expect(keysOf(client)).toEqual([]);
  });
});

describe('prefetchDetailFirstView', () => {
  it('asks for exactly what a visitor’s privilege detail asks for, once', async () => {
    await applyLanguage('en');
    const alone = newClient();
    await renderAt(alone, '/privileges/p-1');
    const screenKeys = keysOf(alone);
    const screenRequests = requested();

    cleanup();
    fetchMock.mockClear();
    const prefetched = newClient();
    prefetchDetailFirstView(prefetched, 'privileges', 'en', 'p-1');
    const firstView = keysOf(prefetched);
    await renderAt(prefetched, '/privileges/p-1');

    expect(firstView).toHaveLength(2);
    expect(firstView).toEqual(screenKeys);
    expect(requested()).toEqual(screenRequests);
  });
});

describe('the largest picture of a first view', () => {
  it('starts downloading as soon as its address is known', async () => {
    const started: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        fetchPriority = '';
        set src(url: string) {
          started.push(`${this.fetchPriority} ${url}`);
        }
      },
    );
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://app.test');
      if (url.pathname === '/bff/banners/TOP')
        return ok([
          { id: 'b1', position: 'TOP', title: 'T', subtitle: '', imageUrl: '/top-1.svg', linkPath: null },
        ]);
      if (url.pathname === '/bff/privileges/p-1')
        return ok(aPrivilege({ id: 'p-1', images: ['/p-1-a.svg', '/p-1-b.svg'] }));
      return ok([]);
    });
    prefetchHomeFirstView(newClient(), 'en', new URLSearchParams());
    prefetchDetailFirstView(newClient(), 'privileges', 'en', 'p-1');
    await waitFor(() => expect(started.sort()).toEqual(['high /p-1-a.svg', 'high /top-1.svg']));
  });
});
