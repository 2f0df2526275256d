import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppLayout } from './app-layout.tsx';

// The poller itself is tested on its own; here only when the layout mounts it.
vi.mock('../../features/notifications/index.ts', async (original) => ({
  ...(await original<object>()),
  NotificationPoller: () => <p data-testid="poller" />,
}));

// The bottom navigation stands for everything the layout draws around the screen.
let navDrawn = 0;
vi.mock('./bottom-nav.tsx', () => ({
  BottomNav: () => {
    navDrawn++;
    return <nav />;
  },
}));

let answer: (value: string) => void = () => {};
function SlowScreen() {
  const { data } = useQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((r) => (answer = r)) });
  return <h1>{data ?? 'loading'}</h1>;
}

describe('the layout', () => {
  it('starts the notification poller only once the screen’s read is in and the browser has been idle', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/wallet']}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path="/wallet" Component={SlowScreen} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'loading' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('poller')).toBeNull();

    answer('Wallet');
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeTruthy();
    const drawnBefore = navDrawn;
    await waitFor(() => expect(screen.getByTestId('poller')).toBeTruthy());
    // Mounting the poller draws the poller alone, not the layout again: on a phone that was the header,
    // the navigation and what they hold, in one task of up to 250 ms.
    expect(navDrawn).toBe(drawnBefore);
  });
});
