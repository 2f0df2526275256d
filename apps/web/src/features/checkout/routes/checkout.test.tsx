import type { MemberInfo, QuoteBody } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../../shared/cart/cart-store.ts';
import { initialAuthState, useAuthStore } from '../../auth/index.ts';
import { aCoupon, anOption, anOrder, aQuote, channelList, ID } from '../test-data.ts';
import { CheckoutScreen } from './checkout.tsx';
import { json, ok } from '../../../test/responses.ts';

const fail = (status: number, code: string) => json(status, { success: false, code, message: [code] });

type Call = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };
type Handler = (call: Call) => Response | Promise<Response>;

const fetchMock = vi.fn<typeof fetch>();
let handlers: Record<string, Handler>;
const calls: Call[] = [];

function route(call: Call): Handler | undefined {
  const key = `${call.method} ${call.path}`;
  return handlers[key];
}

const member: MemberInfo = {
  id: 'me',
  email: 'malee@example.com',
  firstName: 'Malee',
  lastName: 'Suksan',
  phoneCode: '+66',
  phoneNumber: '812345678',
  dateOfBirth: '1995-01-01',
  avatarUrl: null,
  language: 'en',
  profileStatus: 'complete',
};

beforeEach(() => {
  calls.length = 0;
  handlers = {
    'POST /bff/orders/quote': ({ body }) => {
      const code = (body as { couponCode?: string }).couponCode;
      return ok(
        code === 'SAVE50'
          ? aQuote({
              discount: 50,
              total: 350,
              coupon: { id: ID(31), code, title: 'Fifty off', discount: 50 },
            })
          : aQuote(),
      );
    },
    'GET /bff/orders/channel-codes': () => ok(channelList),
    'POST /bff/coupons/options': () =>
      ok([
        anOption(),
        anOption(
          {
            usable: false,
            problem: 'coupon_min_spend',
            message: 'Spend at least ฿530',
            discount: 0,
            shortfall: 130,
          },
          { id: ID(32), code: 'BIG100', title: 'Hundred off', minSpend: 530, discountValue: 100 },
        ),
      ]),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://app.test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = route(call);
    return handler ? handler(call) : fail(404, 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ ...initialAuthState, isInitialed: true, isLoggedIn: true, info: member });
  useCartStore.getState().reset();
  useCartStore.getState().setCheckout({
    type: 'multiple',
    items: [
      { cartItemId: ID(1), voucherId: ID(11), priceOptionId: null, quantity: 2 },
      { cartItemId: ID(2), voucherId: ID(12), priceOptionId: ID(21), quantity: 1 },
    ],
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState(initialAuthState);
  useCartStore.getState().reset();
});

function OrderPage() {
  return <p data-testid="order-page">order {useParams().orderId}</p>;
}

function renderCheckout() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/checkout']}>
        <Routes>
          <Route path="/checkout" element={<CheckoutScreen />} />
          <Route path="/checkout/orders/:orderId" element={<OrderPage />} />
          <Route path="/cart" element={<p>cart screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const quoteBodies = () => calls.filter((c) => c.path === '/bff/orders/quote').map((c) => c.body as QuoteBody);
const orderCalls = () => calls.filter((c) => c.method === 'POST' && c.path === '/bff/orders/cart');
const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('CheckoutScreen', () => {
  it("shows the stores, lines and the server's summary for the selected cart lines", async () => {
    renderCheckout();
    expect(await screen.findByTestId('checkout-summary')).toBeTruthy();
    expect(quoteBodies()).toEqual([{ cartItemIds: [ID(1), ID(2)] }]);
    expect(screen.getByRole('region', { name: 'Sen Saep Kitchen' })).toBeTruthy();
    const kafae = screen.getByRole('region', { name: 'Baan Kafae' });
    expect(within(kafae).getByText('Latte')).toBeTruthy();
    expect(within(kafae).getByText('Large')).toBeTruthy();
    expect(screen.getAllByTestId('checkout-line').map((l) => l.textContent)).toEqual([
      expect.stringContaining('฿300× 2'),
      expect.stringContaining('฿100× 1'),
    ]);
    expect(text('summary-subtotal')).toBe('฿400');
    expect(text('summary-items')).toBe('3 items');
    expect(text('summary-discount')).toBe('฿0');
    expect(text('summary-total')).toBe('฿400');
    expect(text('summary-points')).toBe('40 points');
    expect(text('checkout-confirm')).toBe('Confirm');
    // The amount beside Confirm, in the bar pinned to the bottom of the screen.
    expect(text('checkout-pay-total')).toBe('฿400');
    expect(within(screen.getByTestId('pay-bar')).getByTestId('checkout-confirm')).toBeTruthy();
  });

  it('lists as usable only the coupons the server accepts for this basket; the others greyed with the reason', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByTestId('coupon-open'));
    const option = await screen.findByTestId('coupon-option');
    expect(option.textContent).toContain('Fifty off');
    expect(option.textContent).toContain('Saves ฿50 on this order');
    expect(option.textContent).toContain('Min. spend ฿200');
    expect(option.textContent).toContain('Valid until 31/12/2030');
    // The whole basket was judged once, by the server.
    expect(calls.filter((c) => c.path.startsWith('/bff/coupons/')).map((c) => [c.path, c.body])).toEqual([
      ['/bff/coupons/options', { cartItemIds: [ID(1), ID(2)] }],
    ]);
    expect(screen.getAllByTestId('coupon-option')).toHaveLength(1);
    const greyed = screen.getByTestId('coupon-unusable-option');
    expect(greyed.textContent).toContain('Hundred off');
    expect(within(greyed).getByTestId('coupon-reason').textContent).toBe('Spend ฿130 more to use it');
    expect(within(greyed).queryByRole('button')).toBeNull();

    await user.click(within(option).getByRole('button', { name: 'Use SAVE50' }));
    await waitFor(() => expect(text('summary-total')).toBe('฿350'));
    expect(quoteBodies().at(-1)).toEqual({ cartItemIds: [ID(1), ID(2)], couponCode: 'SAVE50' });
    expect(text('summary-discount')).toBe('-฿50');
    expect(text('coupon-applied')).toBe('SAVE50 applied');
  });

  it("puts a coupon's end in the warning colour only when it is a few days away", async () => {
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    handlers['POST /bff/coupons/options'] = () =>
      ok([anOption({}, { endsAt: inTwoDays }), anOption({}, { id: ID(33), code: 'LATER' })]);
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByTestId('coupon-open'));
    await screen.findAllByTestId('coupon-option');
    const [soon, later] = screen.getAllByTestId('coupon-valid-until');
    expect(soon!.className).toMatch(/endsSoon/);
    expect(later!.className).not.toMatch(/endsSoon/);
  });

  it('checks a typed code for a Buy Now and shows why it cannot be used', async () => {
    useCartStore.getState().setCheckout({
      type: 'single',
      items: [{ voucherId: ID(11), priceOptionId: null, quantity: 2 }],
    });
    handlers['POST /bff/orders/quote'] = () => ok(aQuote({ checkoutType: 'single' }));
    handlers['GET /bff/coupons/check'] = ({ query }) =>
      ok(
        query.get('couponCode') === 'OLD10'
          ? { valid: false, problem: 'coupon_expired', message: 'expired', coupon: aCoupon(), discount: 0 }
          : {
              valid: false,
              problem: 'coupon_min_spend',
              message: null,
              coupon: aCoupon({ minSpend: 1500 }),
              discount: 0,
            },
      );
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByTestId('coupon-open'));
    await user.click(await screen.findByTestId('coupon-apply'));
    expect(text('coupon-error')).toBe('Please enter a discount code');

    await user.type(screen.getByTestId('coupon-input'), ' old10 ');
    await user.click(screen.getByTestId('coupon-apply'));
    expect(await screen.findByText('This discount code has expired.')).toBeTruthy();
    const check = calls.find((c) => c.path === '/bff/coupons/check');
    expect(Object.fromEntries(check!.query)).toEqual({
      voucherId: ID(11),
      couponCode: 'OLD10',
      quantity: '2',
    });

    await user.clear(screen.getByTestId('coupon-input'));
    await user.type(screen.getByTestId('coupon-input'), 'BIG');
    await user.click(screen.getByTestId('coupon-apply'));
    expect(await screen.findByText('Spend at least ฿1,500 to use this discount code.')).toBeTruthy();
    // A refused code is never priced into the summary.
    expect(quoteBodies().every((b) => !('couponCode' in b))).toBe(true);
  });

  it('says why a chosen coupon no longer applies and orders without it', async () => {
    handlers['POST /bff/orders/quote'] = ({ body }) =>
      ok(
        (body as { couponCode?: string }).couponCode
          ? aQuote({ couponProblem: 'coupon_used_up', couponMessage: 'used up' })
          : aQuote(),
      );
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByTestId('coupon-open'));
    await user.click(await screen.findByRole('button', { name: 'Use SAVE50' }));
    expect(await screen.findByTestId('coupon-problem')).toBeTruthy();
    expect(text('coupon-problem')).toBe('SAVE50 cannot be used: This discount code has been fully used.');
    handlers['POST /bff/orders/cart'] = () => ok(anOrder());
    await user.click(screen.getByTestId('checkout-confirm'));
    expect(await screen.findByTestId('order-page')).toBeTruthy();
    expect(orderCalls()[0]!.body).not.toHaveProperty('couponCode');
  });

  it('shows "No payment methods found" when the methods cannot be loaded, and Confirm waits for one', async () => {
    handlers['GET /bff/orders/channel-codes'] = () => fail(503, 'payment_unavailable');
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByText('No payment methods found')).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
    expect((screen.getByTestId('checkout-confirm') as HTMLButtonElement).disabled).toBe(true);

    handlers['GET /bff/orders/channel-codes'] = () => ok(channelList);
    await user.click(screen.getByTestId('channel-retry'));
    expect(await screen.findByTestId('channel-selected')).toBeTruthy();
    expect(text('channel-selected')).toBe('PromptPay QR');
    expect((screen.getByTestId('checkout-confirm') as HTMLButtonElement).disabled).toBe(false);
  });

  it('an empty list of methods is the same empty state', async () => {
    handlers['GET /bff/orders/channel-codes'] = () =>
      json(200, { success: true, data: [], message: ['No payment methods found / Please try again later'] });
    renderCheckout();
    expect(await screen.findByText('No payment methods found')).toBeTruthy();
  });

  it('changes the payment method through the picker', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByTestId('channel-change'));
    await user.click(await screen.findByRole('radio', { name: /Credit \/ debit card/ }));
    await waitFor(() => expect(text('channel-selected')).toBe('Credit / debit card'));
  });

  it('prefills phone and email from the profile and checks them', async () => {
    const user = userEvent.setup();
    renderCheckout();
    const phone = (await screen.findByTestId('checkout-phone')) as HTMLInputElement;
    const email = screen.getByTestId('checkout-email') as HTMLInputElement;
    expect(phone.value).toBe('0812345678');
    expect(email.value).toBe('malee@example.com');

    await user.clear(phone);
    await user.clear(email);
    await user.click(screen.getByTestId('checkout-confirm'));
    expect(await screen.findByText('Phone number is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    // Each field says it is wrong and which message is its own; the first wrong one has the focus.
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Phone number is required',
    );
    expect(document.activeElement).toBe(phone);
    expect(screen.getByRole('textbox', { name: /Email/ })).toBe(email);

    await user.type(phone, '08-123');
    await user.type(email, 'malee@');
    await user.click(screen.getByTestId('checkout-confirm'));
    expect(await screen.findByText('Please enter a valid phone number (10 digits)')).toBeTruthy();
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(phone.value).toBe('08123');
    expect(orderCalls()).toHaveLength(0);
  });

  it('Confirm retried after a lost answer sends the same Idempotency-Key, then opens the order', async () => {
    let attempts = 0;
    handlers['POST /bff/orders/cart'] = () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return ok(anOrder());
    };
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByTestId('checkout-confirm'));
    expect(await screen.findByTestId('checkout-error')).toBeTruthy();
    expect(text('checkout-error')).toContain("We can't reach the server");
    // Nothing the member typed or chose is lost.
    expect((screen.getByTestId('checkout-phone') as HTMLInputElement).value).toBe('0812345678');

    await user.click(screen.getByTestId('checkout-confirm'));
    expect(await screen.findByTestId('order-page')).toBeTruthy();
    expect(text('order-page')).toBe(`order ${ID(41)}`);

    const [first, second] = orderCalls();
    const key = first!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second!.headers.get('Idempotency-Key')).toBe(key);
    expect(second!.body).toEqual({
      cartItemIds: [ID(1), ID(2)],
      phone: '0812345678',
      email: 'malee@example.com',
      channelCode: 'promptpay',
    });
  });

  it('a double tap on Confirm sends one request', async () => {
    let release: () => void = () => undefined;
    handlers['POST /bff/orders/cart'] = () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(ok(anOrder()));
      });
    const user = userEvent.setup();
    renderCheckout();
    const confirm = await screen.findByTestId('checkout-confirm');
    await user.dblClick(confirm);
    await waitFor(() => expect(orderCalls()).toHaveLength(1));
    release();
    expect(await screen.findByTestId('order-page')).toBeTruthy();
    expect(orderCalls()).toHaveLength(1);
  });

  it("a refusal is shown in the member's language, and the next Confirm is a new attempt", async () => {
    let attempts = 0;
    handlers['POST /bff/orders/cart'] = () => {
      attempts += 1;
      return attempts === 1 ? fail(409, 'out_of_stock') : ok(anOrder());
    };
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByTestId('checkout-confirm'));
    expect(await screen.findByText('This voucher is sold out.')).toBeTruthy();
    // The summary is asked again after a refusal.
    await waitFor(() => expect(quoteBodies().length).toBeGreaterThanOrEqual(2));
    await user.click(screen.getByTestId('checkout-confirm'));
    expect(await screen.findByTestId('order-page')).toBeTruthy();
    const [first, second] = orderCalls();
    expect(second!.headers.get('Idempotency-Key')).not.toBe(first!.headers.get('Idempotency-Key'));
  });

  it('with nothing to buy, leads to the cart', async () => {
    useCartStore.getState().clearCheckout();
    const user = userEvent.setup();
    renderCheckout();
    expect(screen.getByText('Nothing to check out')).toBeTruthy();
    await user.click(screen.getByTestId('go-cart'));
    expect(screen.getByText('cart screen')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
