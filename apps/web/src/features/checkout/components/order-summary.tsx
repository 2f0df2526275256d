import type { Quote } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../shared/format.ts';
import styles from '../checkout.module.css';

type Totals = Pick<Quote, 'subtotal' | 'itemCount' | 'discount' | 'total' | 'pointsEarned'>;

/** The server's figures for this purchase; nothing here is computed on the phone. */
export function OrderSummary({ totals, updating = false }: { totals: Totals; updating?: boolean }) {
  const { t } = useTranslation();
  return (
    <dl
      className={`${styles.summary}${updating ? ` ${styles.updating}` : ''}`}
      aria-busy={updating || undefined}
      data-testid="checkout-summary"
    >
      <dt>{t('checkout.summary.subtotal')}</dt>
      <dd data-testid="summary-subtotal">{formatMoney(totals.subtotal)}</dd>
      <dt>{t('checkout.summary.items')}</dt>
      <dd data-testid="summary-items">{t('checkout.summary.itemCount', { count: totals.itemCount })}</dd>
      <dt>{t('checkout.summary.discount')}</dt>
      <dd className={totals.discount > 0 ? styles.discount : undefined} data-testid="summary-discount">
        {formatMoney(-totals.discount)}
      </dd>
      <dt className={styles.totalLabel}>{t('checkout.summary.total')}</dt>
      <dd className={styles.totalValue} data-testid="summary-total">
        {formatMoney(totals.total)}
      </dd>
      <dt>{t('checkout.summary.points')}</dt>
      <dd className={styles.points} data-testid="summary-points">
        {t('checkout.summary.pointsValue', {
          count: totals.pointsEarned,
          points: formatNumber(totals.pointsEarned),
        })}
      </dd>
    </dl>
  );
}
