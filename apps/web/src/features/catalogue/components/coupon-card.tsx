import type { Coupon } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format.ts';
import { voucherStatus } from '../../../shared/catalogue/voucher-status.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { couponDiscountLabel } from '../../../shared/catalogue/coupon-discount.ts';
import { couponConditions } from '../lib/coupon-terms.ts';
import { StatusLabel } from '../../../shared/ui/status-label.tsx';
import styles from '../catalogue.module.css';
import { Phrases } from '../../../shared/ui/phrases.tsx';

/** A coupon with its conditions: discount and cap, minimum spend, validity, where it applies, limits. */
export function CouponCard({ coupon, now }: { coupon: Coupon; now: number }) {
  const { t } = useTranslation();
  const { lang } = useLocalizedPath();
  const status = voucherStatus(now, coupon.startsAt, coupon.endsAt);
  return (
    <article className={styles.couponCard} data-testid="coupon-card" aria-labelledby={`coupon-${coupon.id}`}>
      <div className={styles.couponStub} aria-hidden="true">
        <span className={styles.couponStubValue}>
          {coupon.discountType === 'percent' ? `${coupon.discountValue}%` : formatMoney(coupon.discountValue)}
        </span>
        <span className={styles.couponStubOff}>{t('catalogue.coupon.stubOff')}</span>
      </div>
      <div className={styles.couponBody}>
        <h3 id={`coupon-${coupon.id}`} className={styles.couponTitle}>
          <Phrases text={coupon.title} />
        </h3>
        <p className={styles.couponDiscount}>{couponDiscountLabel(t, coupon, 'catalogue')}</p>
        {coupon.description && (
          <p className={styles.couponDescription}>
            <Phrases text={coupon.description} />
          </p>
        )}
        <ul className={styles.couponConditions}>
          {couponConditions(t, coupon, lang, now).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className={styles.couponFooter}>
          <span className={styles.couponCode}>
            <span className="visually-hidden">{t('catalogue.coupon.codeLabel')} </span>
            {coupon.code}
          </span>
          {status && <StatusLabel status={status} />}
        </p>
      </div>
    </article>
  );
}
