import type { VoucherDetail } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../../shared/cart/cart-store.ts';
import { cartKeys } from '../../../shared/cart/get-cart.ts';
import { aCart, aCartItem } from '../../../shared/cart/test-data.ts';
import { useAuthStore, type AuthState } from '../../auth/index.ts';
import { aVoucher } from '../test-data.ts';
import BuySheetPanel, { buyableUnits } from './buy-sheet-panel.tsx';
import type { BuyMode } from './buy-sheet.tsx';
import { json } from '../../../test/responses.ts';

const V = '00000000-0000-4000-8000-0000000000a1';
const SMALL = '00000000-0000-4000-8000-0000000000b1';
const LARGE = '00000000-0000-4000-8000-0000000000b2';

const aDetail = (over: Partial<VoucherDetail> = {}): VoucherDetail => ({
  ...aVoucher({ id: V, price: 100, hasPriceOptions: true }),
  description: 'Hot pot for one.',
  terms: [],
  images: ['/a.svg'],
  priceOptions: [
    { id: SMALL, label: 'Small', price: 100, pointsEarned: 4 },
    { id: LARGE, label: 'Large', price: 250, pointsEarned: 10 },
  ],
  validDays: 30,
  usageLimit: 1,
  limitPerOrder: null,
  limitPerMember: null,
  pricePerCardMonth: null,
  ...over,
});

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

const open = (mode: BuyMode, voucher = aDetail(), cart = aCart([])) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(cartKeys.of('me'), cart);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/vouchers/x']}>
        <Routes>
          <Route
            path="/vouchers/x"
            element={<BuySheetPanel open mode={mode} voucher={voucher} onClose={onClose} />}
          />
          <Route path="/checkout" element={<p>checkout screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, onClose };
};

describe('the Add to Cart / Buy Now sheet', () => {
  it('the quantity is bounded by 10, by the stock left and by the limit per order', () => {
    expect(buyableUnits({ remaining: null, limitPerOrder: null })).toBe(10);
    expect(buyableUnits({ remaining: 3, limitPerOrder: null })).toBe(3);
    expect(buyableUnits({ remaining: 40, limitPerOrder: null })).toBe(10);
    expect(buyableUnits({ remaining: 0, limitPerOrder: null })).toBe(0);
    expect(buyableUnits({ remaining: 40, limitPerOrder: 2 })).toBe(2);
  });

  it('picks an option and a quantity up to what is left, shows the total, and adds them', async () => {
    const after = aCart([aCartItem({ id: 'line', quantity: 3 })]);
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: after }));
    const user = userEvent.setup();
    const { client, onClose } = open('cart', aDetail({ remaining: 3 }));

    const [small, large] = screen.getAllByTestId('buy-option') as HTMLInputElement[];
    expect(small!.checked).toBe(true);
    await user.click(large!);
    expect(screen.getByText('Up to 3')).toBeTruthy();
    const more = screen.getByTestId('buy-quantity-increase') as HTMLButtonElement;
    await user.click(more);
    await user.click(more);
    expect(more.disabled).toBe(true);
    expect(screen.getByTestId('buy-quantity-value').textContent).toBe('3');
    expect(screen.getByTestId('buy-total').textContent).toBe('฿750');

    await user.click(screen.getByTestId('buy-sheet-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(`${init?.method} ${String(url)}`).toBe('POST /bff/cart/addItems');
    expect(JSON.parse(String(init?.body))).toEqual({
      items: [{ voucherId: V, priceOptionId: LARGE, quantity: 3 }],
    });
    // The answer is the cart now: the badge reads it from the same query.
    expect(client.getQueryData(cartKeys.of('me'))).toEqual(after);
    expect(await screen.findByTestId('view-cart')).toBeTruthy();
  });

  it('counts what the cart already holds of the same choice', async () => {
    const held = aCartItem({
      id: 'line',
      quantity: 8,
      voucher: { ...aCartItem({ id: 'x' }).voucher, id: V },
      priceOption: { id: SMALL, label: 'Small', price: 100 },
    });
    const user = userEvent.setup();
    open('cart', aDetail(), aCart([held]));
    expect(screen.getByText('Up to 2')).toBeTruthy();
    expect(screen.getByTestId('buy-in-cart').textContent).toBe('You have 8 in your cart already.');
    // The other option is not in the cart: up to 10 again.
    await user.click((screen.getAllByTestId('buy-option') as HTMLInputElement[])[1]!);
    expect(screen.getByText('Up to 10')).toBeTruthy();
  });

  it('a limit per order counts every option of the voucher already in the cart', async () => {
    const held = aCartItem({
      id: 'line',
      quantity: 1,
      voucher: { ...aCartItem({ id: 'x' }).voucher, id: V },
      priceOption: { id: SMALL, label: 'Small', price: 100 },
    });
    const user = userEvent.setup();
    open('cart', aDetail({ limitPerOrder: 3 }), aCart([held]));
    expect(screen.getByText('Up to 2')).toBeTruthy();
    await user.click((screen.getAllByTestId('buy-option') as HTMLInputElement[])[1]!);
    expect(screen.getByText('Up to 2')).toBeTruthy();
  });

  it("says why the server refused, in the member's language", async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { success: false, code: 'out_of_stock', message: ['sold out'] }),
    );
    const user = userEvent.setup();
    const { onClose } = open('cart', aDetail({ priceOptions: [], hasPriceOptions: false }));
    expect(screen.queryByTestId('buy-option')).toBeNull();
    await user.click(screen.getByTestId('buy-sheet-confirm'));
    expect((await screen.findByTestId('buy-error')).textContent).toBe('This voucher is sold out.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Buy Now hands one voucher, option and quantity to checkout as a single purchase', async () => {
    const user = userEvent.setup();
    open('buy');
    await user.click(screen.getByTestId('buy-quantity-increase'));
    await user.click(screen.getByTestId('buy-sheet-confirm'));
    expect(await screen.findByText('checkout screen')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useCartStore.getState()).toMatchObject({
      checkoutType: 'single',
      checkoutPayload: [{ voucherId: V, priceOptionId: SMALL, quantity: 2 }],
    });
  });
});
