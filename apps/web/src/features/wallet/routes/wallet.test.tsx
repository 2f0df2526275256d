import type { AuthState } from '../../auth/index.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../shared/i18n/i18n.ts';
import { initialAuthState, useAuthStore } from '../../auth/index.ts';
import { aGroup, aGroupPage, aPage, aWalletVoucher, someCategories } from '../test-data.ts';
import { WalletScreen } from './wallet.tsx';
import { json, ok } from '../../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();
/** The wallet list's requests (grouped; with `path`, another list's), as their query parameters. */
const walletCalls = (path = '/bff/wallet/groups') =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://app.test'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));

const vouchers = [
  aWalletVoucher({ id: 'w-today', title: 'Last Day Latte', daysLeft: 0 }),
  aWalletVoucher({ id: 'w-soon', title: 'Three Day Shabu', daysLeft: 3, priceOptionLabel: 'Set for 2' }),
  aWalletVoucher({ id: 'w-far', title: 'Far Off Spa', daysLeft: 200, validUntil: '2025-09-30T16:59:59Z' }),
  aWalletVoucher({ id: 'w-used', title: 'Spent Sushi', status: 'used', usedCount: 1 }),
  aWalletVoucher({ id: 'w-old', title: 'Lapsed Lunch', status: 'expired', daysLeft: null }),
];

let answer: (query: Record<string, string>) => Response;
/** GET /bff/wallet: the items of the group asked for. */
let answerItems: (query: Record<string, string>) => Response;

function renderWallet(path = '/wallet') {
  useAuthStore.setState({
    ...initialAuthState,
    isInitialed: true,
    isLoggedIn: true,
    info: { id: 'm1' } as AuthState['info'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/wallet" element={<WalletScreen />} />
          <Route path="/th/wallet" element={<WalletScreen />} />
          <Route path="/home" element={<p>Home screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  answer = () => ok(aGroupPage(vouchers.map((v) => aGroup(v))));
  answerItems = () => ok(aPage([]));
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname === '/bff/categories') return ok(someCategories);
    if (url.pathname === '/bff/wallet/groups') return answer(Object.fromEntries(url.searchParams));
    if (url.pathname === '/bff/wallet') return answerItems(Object.fromEntries(url.searchParams));
    return json(404, { success: false, code: 'not_found', message: ['Not found.'] });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  // Unmount first: a language or member change below would otherwise refetch through the real fetch.
  cleanup();
  vi.unstubAllGlobals();
  applyLanguage('en');
  useAuthStore.setState(initialAuthState);
});

describe('Wallet list', () => {
  it('asks for the active vouchers, newest first, and shows each card with its status', async () => {
    renderWallet();
    const list = await screen.findByTestId('wallet-list');
    expect(walletCalls()[0]).toEqual({ status: 'active', sort: 'newest', page: '1', limit: '20' });
    const cards = within(list).getAllByTestId('wallet-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      '/wallet/w-today',
      '/wallet/w-soon',
      '/wallet/w-far',
      '/wallet/w-used',
      '/wallet/w-old',
    ]);
    const statusOf = (i: number) => within(cards[i] as HTMLElement);
    expect(statusOf(0).getByTestId('status-label').textContent).toBe('Expires today');
    expect(statusOf(1).getByTestId('status-label').textContent).toBe('Expires in 3 days');
    expect(statusOf(1).getByText('Set for 2')).toBeTruthy();
    expect(statusOf(2).getByTestId('valid-until').textContent).toBe('Valid until 30/09/2025');
    expect(statusOf(3).getByTestId('status-label').textContent).toBe('Used');
    expect(statusOf(4).getByTestId('status-label').textContent).toBe('Expired');
    expect(statusOf(0).getByText('Sen Saep Kitchen')).toBeTruthy();
    expect(statusOf(0).getByRole('heading', { name: 'Last Day Latte' })).toBeTruthy();
    expect(screen.getByTestId('wallet-count').textContent).toBe('5 vouchers');
  });

  it('the status tab, a category chip and the sort each change what is asked for', async () => {
    const user = userEvent.setup();
    renderWallet();
    await screen.findByTestId('wallet-list');

    await user.click(screen.getByTestId('status-used'));
    await waitFor(() => expect(walletCalls().at(-1)).toMatchObject({ status: 'used', sort: 'newest' }));

    await user.click(await screen.findByTestId('chip-cafe'));
    await waitFor(() => expect(walletCalls().at(-1)).toMatchObject({ status: 'used', category: 'cafe' }));
    expect(screen.getByTestId('chip-cafe').getAttribute('aria-pressed')).toBe('true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Expiring soon');
    await waitFor(() =>
      expect(walletCalls().at(-1)).toEqual({
        status: 'used',
        category: 'cafe',
        sort: 'expiring',
        page: '1',
        limit: '20',
      }),
    );

    await user.click(screen.getByTestId('chip-all'));
    await waitFor(() => expect(walletCalls().at(-1)).not.toHaveProperty('category'));
  });

  it('an empty wallet says so and Shop Now goes home', async () => {
    answer = () => ok(aGroupPage([]));
    const user = userEvent.setup();
    renderWallet();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('No vouchers to use yet')).toBeTruthy();
    await user.click(within(empty).getByTestId('shop-now'));
    expect(await screen.findByText('Home screen')).toBeTruthy();
  });

  it('an empty category offers all categories again', async () => {
    answer = (query) => ok(aGroupPage(query.category ? [] : vouchers.map((v) => aGroup(v))));
    const user = userEvent.setup();
    renderWallet('/wallet?status=expired&category=cafe');
    expect(await screen.findByText('No vouchers in this category')).toBeTruthy();
    expect(walletCalls()[0]).toMatchObject({ status: 'expired', category: 'cafe' });
    await user.click(screen.getByTestId('show-all-categories'));
    await screen.findByTestId('wallet-list');
    expect(walletCalls().at(-1)).toMatchObject({ status: 'expired' });
    expect(walletCalls().at(-1)).not.toHaveProperty('category');
  });

  it('shows skeletons while loading, then an error with Retry that works', async () => {
    let fail = true;
    answer = () =>
      fail
        ? json(500, { success: false, code: 'internal_error', message: ['Error occurred'] })
        : ok(aGroupPage(vouchers.map((v) => aGroup(v))));
    const user = userEvent.setup();
    renderWallet();
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error occurred')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByTestId('retry'));
    expect(await screen.findByTestId('wallet-list')).toBeTruthy();
  });

  it('identical vouchers are one card "×3" that opens their list, each with its own uses and order', async () => {
    const pass = aWalletVoucher({ id: 'w-pass-1', title: 'Coffee Pass', usageLimit: 3, usedCount: 0 });
    const passes = [
      pass,
      { ...pass, id: 'w-pass-2', usedCount: 1, orderNumber: 'P2P2P2' },
      { ...pass, id: 'w-pass-3', orderNumber: 'P3P3P3' },
    ];
    const group = aGroup(pass, 3);
    const single = aWalletVoucher({ id: 'w-one', title: 'One Latte' });
    answer = () => ok(aGroupPage([group, aGroup(single)]));
    answerItems = (query) => ok(aPage(query.group === group.group ? passes : []));
    const user = userEvent.setup();
    renderWallet('/wallet?sort=oldest');

    const list = await screen.findByTestId('wallet-list');
    // Two entries for four vouchers: the count says vouchers, the list shows entries.
    expect(screen.getByTestId('wallet-count').textContent).toBe('4 vouchers');
    const entry = within(list).getByTestId('wallet-group');
    expect(
      within(list)
        .getAllByTestId('wallet-card')
        .map((c) => c.getAttribute('href')),
    ).toEqual(['/wallet/w-one']);
    expect(within(entry).getByTestId('group-count').textContent).toBe('×3');
    expect(within(entry).getByRole('heading').textContent).toBe('Coffee Pass ×33 identical vouchers');
    expect(entry.getAttribute('href')).toBe(`/wallet?sort=oldest&group=${encodeURIComponent(group.group)}`);

    await user.click(entry);
    const items = await screen.findAllByTestId('wallet-card');
    expect(walletCalls('/bff/wallet').at(-1)).toEqual({
      status: 'active',
      sort: 'oldest',
      group: group.group,
      page: '1',
      limit: '20',
    });
    expect(screen.getByTestId('group-title').textContent).toBe('Coffee Pass ×3');
    expect(items.map((c) => c.getAttribute('href'))).toEqual([
      '/wallet/w-pass-1',
      '/wallet/w-pass-2',
      '/wallet/w-pass-3',
    ]);
    expect(items.map((c) => within(c).getByTestId('card-position').textContent)).toEqual([
      'Voucher 1 of 3',
      'Voucher 2 of 3',
      'Voucher 3 of 3',
    ]);
    expect(items.map((c) => within(c).getByTestId('card-facts').textContent)).toEqual([
      '3 uses leftOrder number K7QX9M',
      '2 uses leftOrder number P2P2P2',
      '3 uses leftOrder number P3P3P3',
    ]);
  });

  it('a group since used or expired says so and leads back to the list', async () => {
    const user = userEvent.setup();
    const group = aGroup(aWalletVoucher(), 2).group;
    renderWallet(`/wallet?status=used&group=${encodeURIComponent(group)}`);
    expect(await screen.findByText('No vouchers left here')).toBeTruthy();
    await user.click(screen.getByTestId('back-to-wallet'));
    await screen.findByTestId('wallet-list');
    expect(walletCalls().at(-1)).toMatchObject({ status: 'used' });
    expect(walletCalls().at(-1)).not.toHaveProperty('group');
  });

  it('in Thai: Thai labels, Thai links and Buddhist-era dates', async () => {
    applyLanguage('th');
    renderWallet('/th/wallet');
    const list = await screen.findByTestId('wallet-list');
    const cards = within(list).getAllByTestId('wallet-card');
    expect(cards[0]?.getAttribute('href')).toBe('/th/wallet/w-today');
    expect(within(cards[0] as HTMLElement).getByTestId('status-label').textContent).toBe('หมดเขตวันนี้');
    expect(within(cards[2] as HTMLElement).getByTestId('valid-until').textContent).toBe('ใช้ได้ถึง 30/09/2568');
    expect(screen.getByTestId('wallet-count').textContent).toBe('บัตรกำนัล 5 ใบ');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('วอลเล็ท');
  });
});
