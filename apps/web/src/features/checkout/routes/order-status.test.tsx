import type { Order } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../../shared/cart/cart-store.ts';
import { i18next } from '../../../shared/i18n/i18n.ts';
import { anOrder, aLine, channelList, ID } from '../test-data.ts';
import { OrderStatusScreen } from './order-status.tsx';
import { json, ok } from '../../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();
/** What check-status answers next (the last one repeats). */
let answers: (Order | Response)[];
const paths = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  answers = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/bff/orders/channel-codes') return ok(channelList);
    if (path === '/bff/orders/cancel') {
      expect(JSON.parse(String(init?.body))).toEqual({ orderId: ID(41) });
      return ok(anOrder({ status: 'CANCELLED', payment: { ...anOrder().payment!, status: 'cancelled' } }));
    }
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return next instanceof Response ? next.clone() : ok(next);
  });
  vi.stubGlobal('fetch', fetchMock);
  useCartStore.getState().reset();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  useCartStore.getState().reset();
  await i18next.changeLanguage('en');
});

function renderStatus(initial = `/checkout/orders/${ID(41)}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated: unknown[] = [];
  const original = client.invalidateQueries.bind(client);
  client.invalidateQueries = ((filters?: { queryKey?: unknown }) => {
    invalidated.push(filters?.queryKey);
    return original(filters as never);
  }) as typeof client.invalidateQueries;
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[initial]}>
        <Routes>
          <Route path="/checkout/orders/:orderId" element={<OrderStatusScreen />} />
          <Route path="/th/checkout/orders/:orderId" element={<OrderStatusScreen />} />
          <Route path="/checkout" element={<p>checkout screen</p>} />
          <Route path="/cart" element={<p>cart screen</p>} />
          <Route path="/home" element={<p>home screen</p>} />
          <Route path="/wallet" element={<p>wallet screen</p>} />
          <Route path="/vouchers/:id" element={<p>voucher screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidated };
}

describe('OrderStatusScreen', () => {
  it('PENDING PromptPay: the QR drawn here, the amount, the time left, and Cancel after a confirmation', async () => {
    answers = [anOrder()];
    const user = userEvent.setup();
    renderStatus();
    expect(await screen.findByText('Waiting for payment')).toBeTruthy();
    expect(paths()[0]).toBe('/bff/orders/check-status');
    const qr = screen.getByRole('img', { name: 'PromptPay QR code for ฿400' });
    expect(qr.querySelector('svg path')).toBeTruthy();
    expect(screen.getByTestId('order-amount').textContent).toBe('฿400');
    expect(screen.getByTestId('countdown').textContent).toMatch(/^01:(2\d|30)$/);
    // The method's name as checkout lists it; the amount and Save QR pinned at the bottom.
    await waitFor(() => expect(screen.getByTestId('order-channel-badge').textContent).toBe('PromptPay QR'));
    const bar = screen.getByTestId('pay-bar');
    expect(within(bar).getByTestId('order-amount')).toBeTruthy();
    expect(within(bar).getByTestId('order-save-qr').getAttribute('download')).toBe(
      'promptpay-PV-2511-0001.png',
    );
    expect(screen.getByText('Order no. PV-2511-0001')).toBeTruthy();

    await user.click(screen.getByTestId('order-cancel'));
    expect(await screen.findByText('Cancel this order?')).toBeTruthy();
    expect(paths()).not.toContain('/bff/orders/cancel');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    expect(paths()).toContain('/bff/orders/cancel');
    expect(screen.getByText('This order was cancelled and nothing was charged.')).toBeTruthy();
  });

  it('counts down each second and says when the time is up', async () => {
    answers = [
      anOrder({ payment: { ...anOrder().payment!, expiresAt: new Date(Date.now() + 2_000).toISOString() } }),
    ];
    renderStatus();
    expect(await screen.findByTestId('countdown')).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toMatch(/^00:0[12]$/);
    expect(
      await screen.findByText('Time is up. Checking your payment…', {}, { timeout: 4_000 }),
    ).toBeTruthy();
  });

  it('PENDING card: the hosted page, then the check when the member is back leads to success', async () => {
    const card = anOrder({
      channelCode: 'card',
      payment: {
        ...anOrder().payment!,
        channelCode: 'card',
        type: 'card',
        qrPayload: null,
        authorizeUri: '/sandbox/pay/ch_1',
      },
    });
    answers = [card, anOrder({ status: 'SUCCESSFUL', paidAt: new Date().toISOString() })];
    useCartStore.getState().setCheckout({
      type: 'multiple',
      items: [
        { cartItemId: ID(1), voucherId: ID(11), priceOptionId: null, quantity: 2 },
        { cartItemId: ID(2), voucherId: ID(12), priceOptionId: ID(21), quantity: 1 },
      ],
    });
    const user = userEvent.setup();
    const { invalidated } = renderStatus();
    const pay = await screen.findByTestId('order-card-pay');
    expect(pay.getAttribute('href')).toBe('/sandbox/pay/ch_1');
    await user.click(screen.getByTestId('order-check'));
    expect(await screen.findByText('Transaction Successful')).toBeTruthy();
    // The purchase is done: cart, wallet and points (profile) are asked again, the payload is cleared.
    await waitFor(() =>
      expect(invalidated).toEqual(expect.arrayContaining([['cart'], ['wallet'], ['profile']])),
    );
    expect(useCartStore.getState().checkoutPayload).toEqual([]);
  });

  it('asks again every few seconds while waiting, and follows the answer', async () => {
    answers = [anOrder(), anOrder({ status: 'SUCCESSFUL' })];
    renderStatus();
    expect(await screen.findByText('Waiting for payment')).toBeTruthy();
    expect(await screen.findByText('Transaction Successful', {}, { timeout: 7_000 })).toBeTruthy();
    expect(paths().filter((p) => p === '/bff/orders/check-status')).toHaveLength(2);
  });

  it('SUCCESSFUL: Shop More and My Wallet', async () => {
    answers = [anOrder({ status: 'SUCCESSFUL', pointsEarned: 1250 })];
    const user = userEvent.setup();
    renderStatus();
    expect(await screen.findByText('Transaction Successful')).toBeTruthy();
    expect(screen.getByText('You earned 1,250 points.')).toBeTruthy();
    expect(screen.getByTestId('order-shop-more').getAttribute('href')).toBe('/home');
    await user.click(screen.getByTestId('order-wallet'));
    expect(screen.getByText('wallet screen')).toBeTruthy();
  });

  it('IN_PROGRESS: confirming the payment while the vouchers are issued', async () => {
    answers = [anOrder({ status: 'IN_PROGRESS' })];
    renderStatus();
    expect(await screen.findByText('Confirming your payment')).toBeTruthy();
  });

  it('FAILED: declined, nothing charged, Try again back to the same checkout', async () => {
    answers = [anOrder({ status: 'FAILED', payment: { ...anOrder().payment!, status: 'failed' } })];
    useCartStore.getState().setCheckout({
      type: 'single',
      items: [{ voucherId: ID(11), priceOptionId: null, quantity: 1 }],
    });
    const user = userEvent.setup();
    renderStatus();
    expect(await screen.findByText('Payment declined')).toBeTruthy();
    expect(screen.getByText(/nothing was charged/)).toBeTruthy();
    await user.click(screen.getByTestId('order-try-again'));
    expect(screen.getByText('checkout screen')).toBeTruthy();
  });

  it('CANCELLED after the time ran out: the expired screen; Try again goes to the cart when checkout is gone', async () => {
    answers = [anOrder({ status: 'CANCELLED', payment: { ...anOrder().payment!, status: 'expired' } })];
    const user = userEvent.setup();
    renderStatus();
    expect(await screen.findByText('Payment time ran out')).toBeTruthy();
    expect(screen.getByText(/Nothing was charged/)).toBeTruthy();
    await user.click(screen.getByTestId('order-try-again'));
    expect(screen.getByText('cart screen')).toBeTruthy();
  });

  it('a Buy Now that ended goes back to its voucher when checkout is gone', async () => {
    answers = [
      anOrder({
        status: 'CANCELLED',
        checkoutType: 'single',
        items: [aLine({ cartItemId: null })],
        payment: { ...anOrder().payment!, status: 'cancelled' },
      }),
    ];
    renderStatus();
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    expect(screen.getByTestId('order-try-again').getAttribute('href')).toBe(`/vouchers/${ID(11)}`);
  });

  it("another member's or an unknown order: Order not found", async () => {
    answers = [json(404, { success: false, code: 'order_not_found', message: ['Order not found'] })];
    renderStatus();
    expect(await screen.findByText('Order not found')).toBeTruthy();
  });

  it('in Thai, the waiting screen is Thai', async () => {
    await i18next.changeLanguage('th');
    answers = [anOrder()];
    renderStatus(`/th/checkout/orders/${ID(41)}`);
    expect(await screen.findByText('รอการชำระเงิน')).toBeTruthy();
    expect(screen.getByText('ยกเลิกคำสั่งซื้อ')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'คิวอาร์โค้ดพร้อมเพย์ ยอด ฿400' })).toBeTruthy();
  });
});
