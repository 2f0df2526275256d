import type { Coupon, CouponOption, Order, OrderLine, PaymentChannel, Quote } from '@app/contracts';

/** Answers shaped like the API's, for the checkout's tests. */
export const ID = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

const senSaep = { id: 'm1', name: 'Sen Saep Kitchen', logoUrl: '/media/m1.svg' };
const kafae = { id: 'm2', name: 'Baan Kafae', logoUrl: '/media/m2.svg' };

export const aLine = (over: Partial<OrderLine> = {}): OrderLine => ({
  voucherId: ID(11),
  title: 'Noodle set for two',
  imageUrl: '/media/v11.svg',
  merchant: senSaep,
  priceOptionId: null,
  priceOptionLabel: null,
  quantity: 2,
  unitPrice: 150,
  lineTotal: 300,
  pointsEarned: 30,
  cartItemId: ID(1),
  ...over,
});

export const twoLines = (): OrderLine[] => [
  aLine(),
  aLine({
    voucherId: ID(12),
    title: 'Latte',
    merchant: kafae,
    priceOptionId: ID(21),
    priceOptionLabel: 'Large',
    quantity: 1,
    unitPrice: 100,
    lineTotal: 100,
    pointsEarned: 10,
    cartItemId: ID(2),
  }),
];

export const aQuote = (over: Partial<Quote> = {}): Quote => ({
  checkoutType: 'multiple',
  items: twoLines(),
  itemCount: 3,
  subtotal: 400,
  discount: 0,
  total: 400,
  pointsEarned: 40,
  coupon: null,
  couponProblem: null,
  couponMessage: null,
  ...over,
});

export const aCoupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: ID(31),
  code: 'SAVE50',
  title: 'Fifty off',
  description: '',
  discountType: 'fixed',
  discountValue: 50,
  maxDiscount: null,
  minSpend: 200,
  startsAt: '2025-01-01T00:00:00.000Z',
  endsAt: '2030-12-31T16:59:59.000Z',
  merchants: [],
  voucherIds: [],
  perMemberLimit: null,
  remaining: null,
  ...over,
});

/** A coupon as the server judged it for the basket: usable with its discount unless `over` says why not. */
export const anOption = (over: Partial<CouponOption> = {}, coupon: Partial<Coupon> = {}): CouponOption => ({
  coupon: aCoupon(coupon),
  usable: true,
  problem: null,
  message: null,
  discount: 50,
  shortfall: null,
  ...over,
});

export const channelList: PaymentChannel[] = [
  {
    code: 'promptpay',
    type: 'promptpay',
    name: 'PromptPay QR',
    description: 'Scan with any Thai banking app',
  },
  { code: 'card', type: 'card', name: 'Credit / debit card', description: 'Visa, Mastercard, JCB' },
];

export const QR_PAYLOAD =
  '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469';

export const anOrder = (over: Partial<Order> = {}): Order => {
  const expiresAt = new Date(Date.now() + 90_000).toISOString();
  return {
    id: ID(41),
    number: 'PV-2511-0001',
    status: 'PENDING',
    checkoutType: 'multiple',
    items: twoLines(),
    itemCount: 3,
    subtotal: 400,
    discount: 0,
    total: 400,
    pointsEarned: 40,
    coupon: null,
    channelCode: 'promptpay',
    phone: '0812345678',
    email: 'malee@example.com',
    payment: {
      channelCode: 'promptpay',
      type: 'promptpay',
      status: 'pending',
      amount: 400,
      expiresAt,
      qrPayload: QR_PAYLOAD,
      authorizeUri: null,
    },
    createdAt: new Date().toISOString(),
    paidAt: null,
    completedAt: null,
    expiresAt,
    ...over,
  };
};
