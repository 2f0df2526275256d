import type { Language, Order } from '@app/contracts';
import { localized, voucherCards } from '../catalogue/index.ts';
import { couponOf, orderItems, paymentOf, type Db, type OrderRow } from './orders.repository.ts';

/** An order as the member sees it, in `lang`: lines with their voucher's texts, coupon and charge. */
export const presentOrder = async (db: Db, order: OrderRow, lang: Language): Promise<Order> => {
  const items = await orderItems(db, order.id);
  const cards = await voucherCards(
    db,
    items.map((i) => i.voucher_id),
    lang,
  );
  const payment = await paymentOf(db, order.id);
  const coupon = order.coupon_id ? await couponOf(db, order.coupon_id) : undefined;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    checkoutType: order.checkout_type,
    items: items.map((i) => {
      const card = cards.get(i.voucher_id);
      return {
        voucherId: i.voucher_id,
        title: card?.title ?? '',
        imageUrl: card?.imageUrl ?? '',
        merchant: card?.merchant ?? { id: i.merchant_id, name: '', logoUrl: '' },
        priceOptionId: i.price_option_id,
        priceOptionLabel: i.price_option_id ? (card?.optionLabels.get(i.price_option_id) ?? null) : null,
        quantity: i.quantity,
        unitPrice: i.unit_price,
        lineTotal: i.unit_price * i.quantity,
        pointsEarned: i.points,
        cartItemId: i.cart_item_id,
      };
    }),
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: order.subtotal,
    discount: order.discount,
    total: order.total,
    pointsEarned: order.points_earned,
    coupon: coupon
      ? {
          id: coupon.id,
          code: coupon.code,
          title: localized(lang, coupon.title_en, coupon.title_th),
          discount: order.discount,
        }
      : null,
    channelCode: order.channel_code,
    phone: order.phone,
    email: order.email,
    payment: payment
      ? {
          channelCode: payment.channel_code,
          type: payment.channel_type,
          status: payment.status,
          amount: payment.amount,
          expiresAt: payment.expires_at.toISOString(),
          qrPayload: payment.qr_payload,
          authorizeUri: payment.authorize_uri,
        }
      : null,
    createdAt: order.created_at.toISOString(),
    paidAt: order.paid_at?.toISOString() ?? null,
    completedAt: order.completed_at?.toISOString() ?? null,
    expiresAt: order.status === 'PENDING' ? (order.payment_expires_at?.toISOString() ?? null) : null,
  };
};
