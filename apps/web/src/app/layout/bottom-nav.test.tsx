import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BottomNav } from './bottom-nav.tsx';

describe('the bottom navigation', () => {
  it('draws its tabs first and reads their counts from the next task on', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/home']}>
          <BottomNav />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('link')).toHaveLength(5);
    // The counts' queries are not part of the first draw (a third of it on a phone)…
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    // …but follow at once: the cart's and the inbox's.
    await waitFor(() => expect(client.getQueryCache().getAll()).toHaveLength(2));
  });
});
