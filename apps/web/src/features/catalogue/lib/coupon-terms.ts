import type { Coupon, Language } from '@app/contracts';
import type { TFunction } from 'i18next';
import { formatProgrammeDate } from '../../../shared/catalogue/dates.ts';
import { formatMoney } from '../../../shared/format.ts';

/** The conditions of a coupon, one line each, in the member's language. */
export function couponConditions(t: TFunction, c: Coupon, lang: Language, now: number): string[] {
  const lines: string[] = [];
  lines.push(
    c.minSpend > 0
      ? t('catalogue.coupon.minSpend', { amount: formatMoney(c.minSpend) })
      : t('catalogue.coupon.noMinSpend'),
  );
  const until = formatProgrammeDate(c.endsAt, lang);
  lines.push(
    new Date(c.startsAt).getTime() > now
      ? t('catalogue.coupon.validBetween', { from: formatProgrammeDate(c.startsAt, lang), until })
      : t('catalogue.coupon.validUntil', { until }),
  );
  if (c.merchants.length > 0) {
    lines.push(
      t('catalogue.coupon.atStores', {
        stores: c.merchants.map((m) => m.name).join(', '),
      }),
    );
  }
  if (c.voucherIds.length > 0) lines.push(t('catalogue.coupon.onVouchers', { count: c.voucherIds.length }));
  if (c.merchants.length === 0 && c.voucherIds.length === 0) lines.push(t('catalogue.coupon.everywhere'));
  if (c.perMemberLimit !== null) lines.push(t('catalogue.coupon.perMember', { count: c.perMemberLimit }));
  return lines;
}
