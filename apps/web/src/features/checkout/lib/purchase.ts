import type { CreateCartOrderBody, CreateOrderBody, Order, QuoteBody } from '@app/contracts';
import type { OrderRequest } from '../api/create-order.ts';
import type { CheckoutItem, CheckoutSelection } from './checkout-source.ts';

/** The cart line an item stands for ([] for a Buy Now). */
const cartItemIdOf = (item: CheckoutItem): string[] =>
  'cartItemId' in item && typeof item.cartItemId === 'string' ? [item.cartItemId] : [];

/** The quote request for what is being bought, with the coupon when one is chosen. */
export function quoteBodyOf(selection: CheckoutSelection, couponCode: string | null): QuoteBody {
  const coupon = couponCode ? { couponCode } : {};
  if (selection.type === 'multiple') {
    return { cartItemIds: selection.items.flatMap(cartItemIdOf), ...coupon };
  }
  const [item] = selection.items;
  if (!item) throw new Error('A single checkout holds one item');
  return { voucherId: item.voucherId, priceOptionId: item.priceOptionId, quantity: item.quantity, ...coupon };
}

export type Contact = { phone: string; email: string; channelCode: string | null };

/** The order request (without its Idempotency-Key). */
export function orderRequestOf(
  selection: CheckoutSelection,
  couponCode: string | null,
  contact: Contact,
): OrderRequest {
  const rest = {
    phone: contact.phone,
    email: contact.email.trim().toLowerCase(),
    ...(contact.channelCode ? { channelCode: contact.channelCode } : {}),
    ...(couponCode ? { couponCode } : {}),
  };
  const quote = quoteBodyOf(selection, null);
  if ('cartItemIds' in quote) {
    const body: CreateCartOrderBody = { cartItemIds: quote.cartItemIds, ...rest };
    return { kind: 'cart', body };
  }
  const body: CreateOrderBody = { ...quote, ...rest };
  return { kind: 'single', body };
}

/** The checkout phone as the profile holds it (+66 and 9 digits) written the Thai way, 10 digits. */
export function checkoutPhoneOf(phoneCode: string | null, phoneNumber: string | null): string {
  const digits = (phoneNumber ?? '').replace(/\D/g, '');
  if (phoneCode === '+66' && digits.length === 9) return `0${digits}`;
  return digits;
}

/** Whether `order` bought what `selection` holds (so the selection is done with once it succeeds). */
export function selectionMatchesOrder(
  selection: CheckoutSelection,
  order: Pick<Order, 'checkoutType' | 'items'>,
): boolean {
  if (selection.type !== order.checkoutType) return false;
  if (selection.type === 'multiple') {
    const bought = new Set(order.items.map((i) => i.cartItemId));
    return selection.items.every((i) => cartItemIdOf(i).some((id) => bought.has(id)));
  }
  const [item] = selection.items;
  const [line] = order.items;
  return (
    !!item &&
    !!line &&
    item.voucherId === line.voucherId &&
    (item.priceOptionId ?? null) === line.priceOptionId &&
    item.quantity === line.quantity
  );
}
