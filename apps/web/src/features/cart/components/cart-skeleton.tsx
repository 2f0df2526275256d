import { useTranslation } from 'react-i18next';
import skeleton from '../../../shared/ui/skeleton.module.css';
import styles from '../cart.module.css';

const line = `${skeleton.skeleton} ${skeleton.line}`;

/** Two store cards of the real cards' size while the cart loads. */
export function CartSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" data-testid="skeleton">
      <span className="visually-hidden">{t('app.loading')}</span>
      {[2, 1].map((lines, g) => (
        <div className={styles.group} key={g} aria-hidden="true">
          <div className={styles.groupHeader}>
            <span className={line} style={{ width: '45%' }} />
          </div>
          {Array.from({ length: lines }, (_, i) => (
            <div className={styles.line} key={i}>
              <span />
              <div
                className={`${skeleton.skeleton} ${styles.linePicture}`}
                style={{ aspectRatio: '4 / 3' }}
              />
              <div className={styles.lineBody}>
                <span className={line} style={{ width: '80%' }} />
                <span className={line} style={{ width: '40%' }} />
                <span className={line} style={{ width: '60%' }} />
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
