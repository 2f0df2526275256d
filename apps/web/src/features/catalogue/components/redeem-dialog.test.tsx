import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthState } from '../../auth/index.ts';
import { aPrivilege } from '../test-data.ts';
import RedeemDialog from './redeem-dialog.tsx';
import { json } from '../../../test/responses.ts';

const points = (balance: number) => ({
  success: true,
  data: { balance, tier: 'member', earnedInWindow: balance, nextTier: null, progress: 1, expiries: [] },
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ isLoggedIn: true, info: { id: 'me' } as AuthState['info'] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ isLoggedIn: false, info: null });
});

const open = (pointsCost: number) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/privileges/p1']}>
        <Routes>
          <Route
            path="/privileges/p1"
            element={
              <RedeemDialog open privilege={aPrivilege({ id: 'p1', pointsCost })} onClose={() => {}} />
            }
          />
          <Route path="/wallet/:id" element={<p data-testid="wallet-item">wallet item</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('the privilege redeem confirmation', () => {
  it('shows the points now and after, redeems once with an Idempotency-Key and opens the new item', async () => {
    const calls: Request[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://app.test');
      if (url.pathname === '/bff/points') return json(200, points(500));
      calls.push(new Request(url, init));
      return json(200, {
        success: true,
        data: { item: { id: 'w9' }, balance: 300 },
      });
    });
    open(200);
    await waitFor(() => expect(screen.getByTestId('redeem-balance-after').textContent).toBe('300'));
    expect(screen.getByTestId('redeem-balance').textContent).toBe('500');
    await userEvent.click(screen.getByTestId('redeem-confirm-button'));
    await screen.findByTestId('wallet-item');
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url).pathname).toBe('/bff/privileges/p1/redeem');
    expect(calls[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('with too few points says how many are missing and offers no Redeem', async () => {
    fetchMock.mockImplementation(async () => json(200, points(150)));
    open(200);
    expect((await screen.findByTestId('redeem-short')).textContent).toBe(
      'You need 50 more points for this privilege.',
    );
    expect((screen.getByTestId('redeem-confirm-button') as HTMLButtonElement).disabled).toBe(true);
    // No negative balance "after redeeming".
    expect(screen.queryByTestId('redeem-balance-after')).toBeNull();
  });

  it("a refusal (out of stock) is said in the member's words, and nothing opens", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://app.test');
      if (url.pathname === '/bff/points') return json(200, points(500));
      return json(409, { success: false, code: 'privilege_sold_out', message: ['sold out'] });
    });
    open(200);
    await waitFor(() => expect(screen.getByTestId('redeem-balance-after').textContent).toBe('300'));
    await userEvent.click(screen.getByTestId('redeem-confirm-button'));
    const problem = await screen.findByTestId('redeem-problem');
    expect(problem.textContent).not.toBe('sold out');
    expect(problem.textContent).not.toBe('');
    expect(screen.queryByTestId('wallet-item')).toBeNull();
  });
});
