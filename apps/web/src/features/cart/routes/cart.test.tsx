import type { Cart } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useCartStore } from '../../../shared/cart/cart-store.ts';
import { aCart, aCartItem } from '../../../shared/cart/test-data.ts';
import { useAuthStore, type AuthState } from '../../auth/index.ts';
import { CartScreen } from './cart.tsx';
import { json, ok } from '../../../test/responses.ts';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const kafae = { id: 'm2', name: 'Baan Kafae', logoUrl: '/k.svg' };
const twoStores = (): Cart =>
  aCart([
    aCartItem({ id: ID(1), quantity: 2, lineTotal: 200 }),
    aCartItem({ id: ID(2), merchant: kafae, lineTotal: 100 }),
    aCartItem({ id: ID(3), merchant: kafae, available: false, problem: 'sold_out', maxQuantity: 0 }),
  ]);

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ isLoggedIn: true, info: { id: 'me' } as AuthState['info'] });
  useCartStore.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ isLoggedIn: false, info: null });
});

const renderCart = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/cart']}>
        <Routes>
          <Route path="/cart" element={<CartScreen />} />
          <Route path="/checkout" element={<p>checkout screen</p>} />
          <Route path="/home" element={<p>home screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('CartScreen', () => {
  it('groups lines by store, flags what cannot be bought, and totals the selection', async () => {
    fetchMock.mockResolvedValue(ok(twoStores()));
    const user = userEvent.setup();
    renderCart();
    const stores = await screen.findAllByTestId('cart-store');
    expect(stores.map((s) => s.getAttribute('aria-label'))).toEqual(['Sen Saep Kitchen', 'Baan Kafae']);
    expect(within(stores[1]!).getByTestId('cart-line-problem').textContent).toBe('Sold out');
    expect(screen.getByTestId('cart-total').textContent).toBe('฿0');
    expect((screen.getByTestId('cart-checkout') as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByTestId('cart-total').textContent).toBe('฿300');
    expect(screen.getByTestId('cart-checkout').textContent).toBe('Checkout (3)');
    // The flagged line stays unticked and cannot be ticked.
    const flagged = within(stores[1]!).getAllByRole('checkbox')[2] as HTMLInputElement;
    expect(flagged.checked).toBe(false);
    expect(flagged.disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Select all from Sen Saep Kitchen' }));
    expect(screen.getByTestId('cart-total').textContent).toBe('฿100');
    expect(useCartStore.getState().selectedItemsData.map((l) => l.cartItemId)).toEqual([ID(2)]);
  });

  it('Delete with nothing selected says so and deletes nothing', async () => {
    fetchMock.mockResolvedValue(ok(twoStores()));
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByTestId('cart-delete-selected'));
    expect((await screen.findByTestId('cart-delete-text')).textContent).toBe(
      'You have not selected any items.',
    );
    expect(screen.queryByTestId('cart-delete-confirm')).toBeNull();
    await user.click(screen.getByTestId('cart-delete-ok'));
    expect(calls()).toEqual(['GET /bff/cart']);
  });

  it("deletes a store's lines after confirming, and the answer replaces the cart", async () => {
    const after = aCart([aCartItem({ id: ID(1), quantity: 2, lineTotal: 200 })]);
    fetchMock.mockResolvedValueOnce(ok(twoStores())).mockResolvedValueOnce(ok(after));
    const user = userEvent.setup();
    renderCart();
    const kafaeCard = (await screen.findAllByTestId('cart-store'))[1]!;
    await user.click(within(kafaeCard).getByTestId('cart-store-delete'));
    expect((await screen.findByTestId('cart-delete-text')).textContent).toBe(
      'Remove everything from Baan Kafae from your cart?',
    );
    await user.click(screen.getByTestId('cart-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('cart-store')).toHaveLength(1));
    expect(calls()[1]).toBe('DELETE /bff/cart/remove/items');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ ids: [ID(2), ID(3)] });
  });

  it('a quantity step PATCHes the line; an answer without numeric prices does not replace the cart', async () => {
    const broken = {
      ...twoStores(),
      items: twoStores().items.map((i) => ({ ...i, voucher: { ...i.voucher, price: null } })),
    };
    fetchMock
      .mockResolvedValueOnce(ok(twoStores()))
      .mockResolvedValueOnce(ok(broken))
      .mockResolvedValueOnce(ok(twoStores()));
    const user = userEvent.setup();
    renderCart();
    const first = (await screen.findAllByTestId('cart-line'))[0]!;
    await user.click(within(first).getByTestId('cart-line-quantity-increase'));
    await waitFor(() =>
      expect(calls()).toEqual(['GET /bff/cart', 'PATCH /bff/cart/update/item', 'GET /bff/cart']),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ id: ID(1), quantity: 3 });
    expect(within(screen.getAllByTestId('cart-line')[0]!).getByTestId('cart-line-total').textContent).toBe(
      '฿200',
    );
  });

  it('Checkout hands the selected lines to checkout as a multiple purchase', async () => {
    fetchMock.mockResolvedValue(ok(twoStores()));
    const user = userEvent.setup();
    renderCart();
    const second = (await screen.findAllByTestId('cart-line'))[1]!;
    await user.click(within(second).getByTestId('cart-line-select'));
    await user.click(screen.getByTestId('cart-checkout'));
    expect(await screen.findByText('checkout screen')).toBeTruthy();
    expect(useCartStore.getState()).toMatchObject({
      checkoutType: 'multiple',
      checkoutPayload: [
        { cartItemId: ID(2), voucherId: `voucher-${ID(2)}`, priceOptionId: null, quantity: 1 },
      ],
    });
  });

  it('an empty cart offers Shop Now', async () => {
    fetchMock.mockResolvedValue(ok(aCart([])));
    const user = userEvent.setup();
    renderCart();
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Your cart is empty');
    await user.click(screen.getByTestId('cart-shop-now'));
    expect(await screen.findByText('home screen')).toBeTruthy();
  });

  it('a failed read shows the error with Retry', async () => {
    fetchMock.mockResolvedValueOnce(
      json(503, { success: false, code: 'service_unavailable', message: ['down'] }),
    );
    renderCart();
    expect((await screen.findByTestId('retry')).textContent).toBe('Retry');
    expect(screen.queryByTestId('cart-store')).toBeNull();
  });
});
