import type { Cart, CartItem } from '@app/contracts';

/** Cart lines shaped like the API's answers, for tests. */
export const aCartItem = (over: Partial<CartItem> & { id: string }): CartItem => {
  const quantity = over.quantity ?? 1;
  const price = over.voucher?.price ?? 100;
  return {
    voucher: {
      id: `voucher-${over.id}`,
      title: `Voucher ${over.id}`,
      imageUrl: `/media/catalogue/vouchers/${over.id}.svg`,
      price,
      pointsEarned: 5,
      remaining: null,
    },
    merchant: { id: 'm1', name: 'Sen Saep Kitchen', logoUrl: '/media/catalogue/merchants/sen-saep-1.svg' },
    priceOption: null,
    quantity,
    maxQuantity: 10,
    lineTotal: price * quantity,
    available: true,
    problem: null,
    addedAt: '2025-11-28T10:00:00.000Z',
    ...over,
  };
};

export const aCart = (items: CartItem[]): Cart => ({
  items,
  itemCount: items.reduce((n, i) => n + i.quantity, 0),
});
