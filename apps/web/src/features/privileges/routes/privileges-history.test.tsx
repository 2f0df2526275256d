import type { AuthState } from '../../auth/index.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../../auth/index.ts';
import { PrivilegesHistoryScreen } from './privileges-history.tsx';
import { json, ok } from '../../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();
const summary = {
  balance: 1250,
  tier: 'silver',
  earnedInWindow: 1500,
  nextTier: { tier: 'gold', pointsRequired: 5000, pointsNeeded: 3500 },
  progress: 0.125,
  expiries: [{ date: '2028-12-31', expiresAt: '2028-12-31T16:59:59.999Z', points: 1250 }],
};
const movement = (over: Record<string, unknown>) => ({
  kind: 'points',
  id: 'm1',
  createdAt: '2026-11-20T05:00:00Z',
  movement: 'earn',
  points: 120,
  orderId: 'o1',
  orderNumber: 'ABC123',
  privilegeId: null,
  title: null,
  expiresAt: null,
  ...over,
});
let historyAnswer: () => Response;

beforeEach(() => {
  historyAnswer = () =>
    ok({
      items: [
        movement({
          id: 'm2',
          movement: 'burn',
          points: -300,
          orderId: null,
          orderNumber: null,
          privilegeId: 'p1',
          title: 'Spa Day',
        }),
        movement({}),
      ],
      page: 1,
      limit: 20,
      total: 2,
      totalPages: 1,
    });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname === '/bff/points') return ok(summary);
    if (url.pathname === '/bff/orders/histories/point') return historyAnswer();
    return json(404, { success: false, code: 'not_found', message: ['Not found.'] });
  });
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({
    ...initialAuthState,
    isInitialed: true,
    isLoggedIn: true,
    info: { id: 'm1' } as AuthState['info'],
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState(initialAuthState);
});

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/privileges/history']}>
        <Routes>
          <Route path="/privileges/history" element={<PrivilegesHistoryScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Privileges history', () => {
  it('Expiring Points: the balance and each expiry with its date and amount', async () => {
    renderScreen();
    expect((await screen.findByTestId('points-balance')).textContent).toContain('1,250 points');
    const row = screen.getByTestId('expiry-row');
    expect(row.textContent).toContain('Expires on 31/12/2028');
    expect(row.textContent).toContain('1,250 points');
  });

  it('History: the last 30 Bangkok days, newest first, signed points and what each refers to', async () => {
    renderScreen();
    await userEvent.click(screen.getByTestId('tab-history'));
    const list = await screen.findByTestId('movement-list');
    expect(screen.getByTestId('history-note').textContent).toContain('History will show the last 30 days');
    const [first, second] = within(list)
      .getAllByTestId('movement-row')
      .map((r) => ({ text: r.textContent, href: r.getAttribute('href') }));
    expect(first?.text).toContain('Points used for a privilege');
    expect(first?.text).toContain('Spa Day');
    expect(first?.text).toContain('−300 points');
    // 05:00 UTC is noon in Bangkok: day/month/year and the Bangkok time.
    expect(first?.text).toContain('20/11/2026 12:00');
    expect(first?.href).toBe('/privileges/p1');
    expect(second?.text).toContain('+120 points');
    expect(second?.href).toBe('/checkout/orders/o1');
    const call = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://app.test'))
      .find((u) => u.pathname === '/bff/orders/histories/point');
    const start = call?.searchParams.get('startDate') ?? '';
    const days = (Date.now() - Date.parse(`${start}T00:00:00+07:00`)) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect(call?.searchParams.get('orderDir')).toBe('DESC');
  });

  it('History: an error offers Retry, and an empty month says so', async () => {
    historyAnswer = () => json(500, { success: false, code: 'internal', message: ['Boom'] });
    renderScreen();
    await userEvent.click(screen.getByTestId('tab-history'));
    const retry = await screen.findByTestId('retry');
    historyAnswer = () => ok({ items: [], page: 1, limit: 20, total: 0, totalPages: 0 });
    await userEvent.click(retry);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Nothing in the last 30 days');
  });
});
