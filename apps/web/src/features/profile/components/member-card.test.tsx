import type { MemberInfo } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../texts.ts';
import { MemberCard } from './member-card.tsx';
import { json, ok } from '../../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();
const info = { id: 'm1', email: 'malee@example.com', firstName: 'Malee', lastName: 'Suksan' } as MemberInfo;
let answer: () => Response;

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MemberCard info={info} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const points = (over: Record<string, unknown>) =>
  ok({ balance: 1250, tier: 'silver', earnedInWindow: 1500, progress: 0.25, expiries: [], ...over });

describe('Member card', () => {
  it('shows the tier, the balance and the points to the next tier with a progress bar', async () => {
    answer = () => points({ nextTier: { tier: 'gold', pointsRequired: 5000, pointsNeeded: 3500 } });
    renderCard();
    expect((await screen.findByTestId('member-tier')).textContent).toContain('Silver');
    expect(screen.getByTestId('member-points').textContent).toBe('1,250 points to spend');
    expect(screen.getByTestId('member-progress').textContent).toContain('3,500 more points to reach Gold');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });

  it('tells the balance apart from what the tier counts, so the numbers add up', async () => {
    // 443 earned this year, 400 of them spent on a privilege: 43 to spend, 557 still to earn for Silver.
    answer = () =>
      points({
        balance: 43,
        tier: 'member',
        earnedInWindow: 443,
        progress: 0.443,
        nextTier: { tier: 'silver', pointsRequired: 1000, pointsNeeded: 557 },
      });
    renderCard();
    expect((await screen.findByTestId('member-points')).textContent).toBe('43 points to spend');
    expect(screen.getByTestId('member-earned').textContent).toBe(
      '443 of 1,000 points earned in the last 12 months',
    );
    expect(screen.getByTestId('member-progress').textContent).toContain('557 more points to reach Silver');
  });

  it("says 'highest tier' at Platinum", async () => {
    answer = () => points({ tier: 'platinum', nextTier: null, progress: 1 });
    renderCard();
    expect((await screen.findByTestId('member-progress')).textContent).toBe('You are at the highest tier');
  });

  it('keeps the card with a Retry when the points cannot load', async () => {
    answer = () => json(500, { success: false, code: 'internal', message: ['Boom'] });
    renderCard();
    const retry = await screen.findByTestId('points-retry');
    answer = () => points({ nextTier: null, tier: 'platinum', progress: 1 });
    await userEvent.click(retry);
    expect(screen.getByText('Malee Suksan')).toBeTruthy();
    expect((await screen.findByTestId('member-tier')).textContent).toContain('Platinum');
  });
});
