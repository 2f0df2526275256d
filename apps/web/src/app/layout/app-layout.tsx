import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useAuthStore } from '../../features/auth/index.ts';
import { NotificationPoller } from '../../features/notifications/index.ts';
import { paths, splitLocale } from '../../shared/paths.ts';
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder.tsx';
import type { ScreenHandle } from '../routes.tsx';
import { AppHeader } from './app-header.tsx';
import { BottomNav } from './bottom-nav.tsx';
import styles from './layout.module.css';

/** Header, the screen, bottom navigation — in one phone-width column centred on wide screens. */
export function AppLayout() {
  const { t } = useTranslation();
  const { path } = splitLocale(useLocation().pathname);
  const mustCompleteProfile = useAuthStore(
    (s) => s.isLoggedIn && s.profileStatus === 'incomplete' && s.profileHasCreated !== 'alreadyProfile',
  );
  const handle = useMatches().at(-1)?.handle as ScreenHandle | undefined;
  const showNav = path !== paths.signin && !mustCompleteProfile && !handle?.hideNav;

  return (
    <div className={showNav ? `${styles.shell} ${styles.withNav}` : styles.shell}>
      <a className={styles.skipLink} href="#main">
        {t('app.skipToContent')}
      </a>
      <AppHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        {/* A new boundary per screen: while a screen's code downloads, its outline shows in place. */}
        <Suspense key={path} fallback={<ScreenPlaceholder shape={handle?.placeholder ?? 'page'} />}>
          <Outlet />
        </Suspense>
      </main>
      {showNav && <BottomNav />}
      {/* Polls while signed in and notifications are on, whatever the screen; renders only a toast. */}
      <NotificationPoller />
      <ScrollRestoration />
    </div>
  );
}
