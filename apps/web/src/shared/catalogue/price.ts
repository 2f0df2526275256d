import type { TFunction } from 'i18next';
import { formatMoney, formatNumber } from '../format.ts';

/** 'Free', '฿1,250', or 'From ฿1,250' when the voucher has several price options. */
export function priceLabel(t: TFunction, price: number, hasPriceOptions = false): string {
  if (hasPriceOptions) return t('catalogue.price.from', { price: formatMoney(price) });
  if (price === 0) return t('catalogue.price.free');
  return formatMoney(price);
}

/** "Earn 50 points". */
export const pointsEarnedLabel = (t: TFunction, points: number) =>
  t('catalogue.points.earn', { count: points, points: formatNumber(points) });

/** "500 points" (what a privilege costs). */
export const pointsCostLabel = (t: TFunction, points: number) =>
  t('catalogue.points.cost', { count: points, points: formatNumber(points) });

/** "1,234 bought". */
export const boughtLabel = (t: TFunction, count: number) =>
  t('catalogue.bought', { count, number: formatNumber(count) });
