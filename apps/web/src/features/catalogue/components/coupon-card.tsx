import type { Coupon } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format.ts';
import { voucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { couponConditions, couponDiscountLabel } from '../lib/coupon-terms.ts';
import { StatusLabel } from './badges.tsx';

/** A coupon with its conditions: discount and cap, minimum spend, validity, where it applies, limits. */
export function CouponCard({ coupon, now }: { coupon: Coupon; now: number }) {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  const status = voucherStatus(now, coupon.startsAt, coupon.endsAt);
  return (
    <article className="coupon-card" data-testid="coupon-card" aria-labelledby={`coupon-${coupon.id}`}>
      <div className="coupon-stub" aria-hidden="true">
        <span className="coupon-stub-value">
          {coupon.discountType === 'percent' ? `${coupon.discountValue}%` : formatMoney(coupon.discountValue)}
        </span>
        <span className="coupon-stub-off">{t('catalogue.coupon.stubOff')}</span>
      </div>
      <div className="coupon-body">
        <h3 id={`coupon-${coupon.id}`} className="coupon-title">
          {coupon.title}
        </h3>
        <p className="coupon-discount">{couponDiscountLabel(t, coupon)}</p>
        {coupon.description && <p className="coupon-description">{coupon.description}</p>}
        <ul className="coupon-conditions">
          {couponConditions(t, coupon, lang, now).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="coupon-footer">
          <span className="coupon-code">
            <span className="visually-hidden">{t('catalogue.coupon.codeLabel')} </span>
            {coupon.code}
          </span>
          {status && <StatusLabel status={status} />}
        </p>
      </div>
    </article>
  );
}
