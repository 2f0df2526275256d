import type { Language } from '@app/contracts';
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { applyLanguage } from '../shared/i18n/i18n.ts';
import { localizePath, paths } from '../shared/paths.ts';
import button from '../shared/ui/button.module.css';
import page from '../shared/ui/page.module.css';
import { useDocumentTitle } from '../shared/ui/use-document-title.ts';
import styles from './app-error.module.css';
import { BrandMark } from './layout/brand-mark.tsx';
import layout from './layout/layout.module.css';

/**
 * What a member sees when a screen throws (a render error, a chunk that failed to load, a navigation
 * the router refused) instead of React Router's developer page. It stands alone — no header, guard or
 * session hooks, any of which may be what failed — and its links load the page afresh, so whatever
 * state broke is not carried along.
 */
export function AppErrorScreen({ lang }: { lang: Language }) {
  const error = useRouteError();
  const { t } = useTranslation(undefined, { lng: lang });
  useLayoutEffect(() => applyLanguage(lang), [lang]);
  useDocumentTitle(t('appError.title'));
  useEffect(() => {
    console.error(error);
  }, [error]);

  // Offline, a reload would land on the browser's own error page: say so, and reload once back online.
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  useEffect(() => {
    if (online) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [online]);

  const home = localizePath(paths.home, lang);
  return (
    <div className={layout.shell}>
      <header className={layout.header}>
        <a href={home} className={layout.brand}>
          <BrandMark />
          <span>{t('app.name')}</span>
        </a>
      </header>
      <main id="main" className={layout.main}>
        <div className="page page-app-error" data-testid="app-error">
          <h1 className={page.title}>{online ? t('appError.title') : t('appError.offlineTitle')}</h1>
          <p className={page.lead}>{online ? t('appError.text') : t('appError.offlineText')}</p>
          <div className={styles.actions}>
            <a
              className={`${button.button} ${button.primary} ${button.block}`}
              href={home}
              data-testid="app-error-home"
            >
              {t('common.backToHome')}
            </a>
            {online && (
              <button
                type="button"
                className={`${button.button} ${button.block}`}
                onClick={() => window.location.reload()}
              >
                {t('appError.retry')}
              </button>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}

function subscribeOnline(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}
