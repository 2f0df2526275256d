import { useTranslation } from 'react-i18next';
import skeleton from '../../../shared/ui/skeleton.module.css';
import styles from '../catalogue.module.css';

const line = `${skeleton.skeleton} ${skeleton.line}`;

/** Placeholder cards of the same size as the real ones, so the page does not jump when they arrive. */
export function CardSkeletons({ count = 4, layout = 'grid' }: { count?: number; layout?: 'grid' | 'strip' }) {
  const { t } = useTranslation();
  return (
    <div
      className={layout === 'grid' ? styles.cardGrid : styles.hStrip}
      role="status"
      aria-busy="true"
      data-testid="skeleton"
    >
      <span className="visually-hidden">{t('app.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div className={`${styles.itemCard} ${styles.skeletonCard}`} key={i} aria-hidden="true">
          <div className={`${skeleton.skeleton} ${skeleton.media}`} style={{ aspectRatio: '4 / 3' }} />
          <div className={styles.itemCardBody}>
            <span className={line} style={{ width: '45%' }} />
            <span className={line} />
            <span className={line} style={{ width: '70%' }} />
            <span className={line} style={{ width: '35%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Placeholder rows (stores, coupons). */
export function RowSkeletons({ count = 4, tall }: { count?: number; tall?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.rowList} role="status" aria-busy="true" data-testid="skeleton">
      <span className="visually-hidden">{t('app.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div
          className={`${skeleton.skeleton} ${styles.skeletonRow}${tall ? ` ${styles.skeletonRowTall}` : ''}`}
          key={i}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

/** A detail page while it loads: picture, title lines, buttons. */
export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" data-testid="skeleton" className={styles.detailSkeleton}>
      <span className="visually-hidden">{t('app.loading')}</span>
      <div
        className={`${skeleton.skeleton} ${skeleton.media} ${styles.detailSkeletonMedia}`}
        style={{ aspectRatio: '4 / 3' }}
        aria-hidden="true"
      />
      <span className={line} style={{ width: '40%' }} aria-hidden="true" />
      <span className={`${line} ${skeleton.title}`} aria-hidden="true" />
      <span className={line} style={{ width: '30%' }} aria-hidden="true" />
      <span className={`${skeleton.skeleton} ${skeleton.block}`} aria-hidden="true" />
    </div>
  );
}
