import { useTranslation } from 'react-i18next';
import skeleton from '../../../shared/ui/skeleton.module.css';
import styles from '../checkout.module.css';

/** The checkout's cards in outline while the summary is asked for. */
export function CheckoutSkeleton() {
  const { t } = useTranslation();
  const block = `${skeleton.skeleton} ${skeleton.block}`;
  return (
    <div
      className={styles.page}
      aria-busy="true"
      aria-label={t('checkout.loading')}
      data-testid="checkout-skeleton"
    >
      <div className={styles.card}>
        <span className={`${skeleton.skeleton} ${skeleton.line} ${skeleton.title}`} />
        <span className={`${block} ${styles.lineSkeleton}`} />
      </div>
      <span className={`${block} ${styles.cardSkeleton}`} />
      <span className={`${block} ${styles.cardSkeleton}`} />
    </div>
  );
}
