import { useTranslation } from 'react-i18next';
import styles from './full-screen-loader.module.css';

/** Covers the screen while auth initialises, a route's code loads or a redirect happens. */
export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <div className={styles.loader} role="status" aria-live="polite" data-testid="full-screen-loader">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
