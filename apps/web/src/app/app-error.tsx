import type { Language } from '@app/contracts';
import { Component, useEffect, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { applyLanguage } from '../shared/i18n/i18n.ts';
import { localizePath, paths } from '../shared/paths.ts';
import button from '../shared/ui/button.module.css';
import page from '../shared/ui/page.module.css';
import { useDocumentTitle } from '../shared/ui/use-document-title.ts';
import styles from './app-error.module.css';
import { BrandMark } from './layout/brand-mark.tsx';
import layout from './layout/layout.module.css';

type BoundaryProps = { lang: Language; address: string; children: ReactNode };
type BoundaryState = { error: unknown; address: string };
const NO_ERROR: unique symbol = Symbol('no error');

/**
 * Around a locale's whole app: what the app shows when anything in it throws (a render error, a chunk
 * that failed to load, a navigation the browser refused). Going to another address (back, a link) draws
 * the app again.
 */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: NO_ERROR, address: this.props.address };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  // The address is noted while all is well: the one the error came at is the one to leave.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === NO_ERROR) return props.address === state.address ? null : { address: props.address };
    return props.address === state.address ? null : { error: NO_ERROR, address: props.address };
  }

  override render() {
    const { error } = this.state;
    if (error === NO_ERROR) return this.props.children;
    return <AppErrorScreen lang={this.props.lang} error={error} />;
  }
}

export function AppErrorBoundary({ lang, children }: { lang: Language; children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <ErrorBoundary lang={lang} address={pathname + search}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * What a member sees when the app throws, instead of a blank page. It stands alone — no header, guard
 * or session hooks, any of which may be what failed — and its links load the page afresh, so whatever
 * state broke is not carried along.
 */
export function AppErrorScreen({ lang, error }: { lang: Language; error: unknown }) {
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
