import type { MemberInfo } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';
import { QRCodeSVG } from 'qrcode.react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../texts.ts';
import { MemberCard } from './member-card.tsx';
import { json, ok } from '../../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();
const info = { id: 'm1', email: 'malee@example.com', firstName: 'Malee', lastName: 'Suksan' } as MemberInfo;
const CARD_NUMBER = '4000123412345678';
let answer: () => Response;
let cardAnswer: () => Response;

beforeEach(() => {
  fetchMock.mockReset();
  cardAnswer = () => ok({ cardNumber: CARD_NUMBER });
  fetchMock.mockImplementation(async (input) =>
    String(input instanceof Request ? input.url : input).includes('/bff/member-card')
      ? cardAnswer()
      : answer(),
  );
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

  it('shows the card number in groups of four, and on a tap the QR and barcode of exactly its digits', async () => {
    answer = () => points({ nextTier: null, tier: 'platinum', progress: 1 });
    renderCard();
    expect((await screen.findByTestId('member-card-number')).textContent).toBe('4000 1234 1234 5678');

    await userEvent.click(screen.getByTestId('show-member-card'));
    const view = await screen.findByTestId('member-card-code');
    expect(within(view).getByTestId('member-card-code-number').textContent).toBe('4000 1234 1234 5678');

    // The QR: the same modules as a QR of the bare 16 digits (what POST /pos/v1/points takes), not of
    // the grouped text.
    const qr = within(view).getByTestId('qr-code');
    expect(qr.getAttribute('aria-label')).toBe('QR code of card number 4000 1234 1234 5678');
    const modulesOf = (value: string) =>
      new DOMParser()
        .parseFromString(
          renderToStaticMarkup(<QRCodeSVG value={value} level="M" marginSize={4} />),
          'image/svg+xml',
        )
        .querySelectorAll('path')[1]
        ?.getAttribute('d');
    const shown = qr.querySelectorAll('path')[1]?.getAttribute('d');
    expect(shown).toBeTruthy();
    expect(shown).toBe(modulesOf(CARD_NUMBER));
    expect(shown).not.toBe(modulesOf('4000 1234 1234 5678'));

    // The barcode: its bars read back as modules are the Code 128 encoding of the bare digits.
    const bars = [...within(view).getByTestId('barcode').querySelectorAll('rect')].slice(1);
    const first = Number(bars[0]?.getAttribute('x'));
    const modules = Array.from({ length: 200 }, () => '0');
    for (const bar of bars) {
      const x = Number(bar.getAttribute('x')) - first;
      for (let i = 0; i < Number(bar.getAttribute('width')); i++) modules[x + i] = '1';
    }
    const expected = new CODE128(CARD_NUMBER, {}).encode().data;
    expect(modules.join('').slice(0, expected.length)).toBe(expected);
    expect(modules.slice(expected.length).includes('1')).toBe(false);

    await userEvent.click(within(view).getByTestId('member-card-code-close'));
    await vi.waitFor(() => expect(screen.queryByTestId('member-card-code')).toBeNull());
  });

  it('keeps the card with a Retry when the card number cannot load', async () => {
    answer = () => points({ nextTier: null, tier: 'platinum', progress: 1 });
    cardAnswer = () => json(500, { success: false, code: 'internal', message: ['Boom'] });
    renderCard();
    const retry = await screen.findByTestId('card-number-retry');
    expect(screen.queryByTestId('show-member-card')).toBeNull();
    cardAnswer = () => ok({ cardNumber: CARD_NUMBER });
    await userEvent.click(retry);
    expect((await screen.findByTestId('member-card-number')).textContent).toBe('4000 1234 1234 5678');
  });
});
