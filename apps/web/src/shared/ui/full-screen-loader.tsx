import { useTranslation } from 'react-i18next';

/** Covers the screen while auth initialises, a route's code loads or a redirect happens. */
export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <div className="full-screen-loader" role="status" aria-live="polite" data-testid="full-screen-loader">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
