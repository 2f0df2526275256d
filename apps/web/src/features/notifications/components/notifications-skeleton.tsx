import { useTranslation } from 'react-i18next';
import skeleton from '../../../shared/ui/skeleton.module.css';
import styles from '../notifications.module.css';

const line = `${skeleton.skeleton} ${skeleton.line}`;

/** Rows of the real rows' size while the list loads with nothing to show yet. */
export function NotificationsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" data-testid="skeleton">
      <span className="visually-hidden">{t('app.loading')}</span>
      <ul className={styles.list} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className={`${styles.item} ${styles.skeletonItem}`}>
            <span className={`${skeleton.skeleton} ${styles.icon}`} />
            <span className={styles.itemBody}>
              <span className={line} style={{ width: '60%' }} />
              <span className={line} style={{ width: '95%' }} />
              <span className={line} style={{ width: '35%' }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
