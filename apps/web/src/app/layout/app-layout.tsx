import { useQueryClient, QueryClientContext } from '@tanstack/react-query';
import { Suspense, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../../features/auth/index.ts';
import { NotificationPoller } from '../../features/notifications/index.ts';
import { tokenStorage } from '../../shared/api/tokens.ts';
import { paths, splitLocale } from '../../shared/paths.ts';
import { Later } from '../../shared/ui/later.tsx';
import { ScreenPlaceholder } from '../../shared/ui/screen-placeholder.tsx';
import { useSettled } from '../../shared/ui/use-settled.ts';
import { ConnectionNotice } from '../connection/connection-notice.tsx';
import connection from '../connection/connection-notice.module.css';
import { ScreenBoundary } from '../connection/screen-boundary.tsx';
import { screenQueryClient } from '../connection/screen-queries.ts';
import { useConnectionProblem } from '../connection/use-connection-problem.ts';
import { ScreenHeldContext } from '../member-shell.ts';
import { useScreenHandle } from '../screen-handle.ts';
import { AppHeader } from './app-header.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { ScrollMemory } from './scroll-memory.tsx';
import styles from './layout.module.css';
import { UpdatePrompt } from '../../pwa/update-prompt.tsx';

/** Header, the screen, bottom navigation — in one phone-width column centred on wide screens. */
export function AppLayout() {
  const { t } = useTranslation();
  const { path } = splitLocale(useLocation().pathname);
  const mustCompleteProfile = useAuthStore(
    (s) => s.isLoggedIn && s.profileStatus === 'incomplete' && s.profileHasCreated !== 'alreadyProfile',
  );
  const handle = useScreenHandle();
  const showNav = path !== paths.signin && !mustCompleteProfile && !handle?.hideNav;
  const held = useContext(ScreenHeldContext);
  const placeholder = <ScreenPlaceholder shape={handle?.placeholder ?? 'page'} />;

  return (
    <div className={showNav ? `${styles.shell} ${styles.withNav}` : styles.shell}>
      <a className={styles.skipLink} href="#main">
        {t('app.skipToContent')}
      </a>
      <Later>
        <AppHeader />
      </Later>
      <main id="main" className={styles.main} tabIndex={-1}>
        {held ? (
          placeholder
        ) : (
          // A new boundary per screen: while a screen's code downloads, its outline shows in place; when
          // it cannot download, or the screen cannot get its data, the layout says why.
          <ScreenBoundary key={path} screen={handle?.screen}>
            <ScreenConnection>
              <Suspense fallback={placeholder}>
                <Outlet />
              </Suspense>
            </ScreenConnection>
          </ScreenBoundary>
        )}
      </main>
      {showNav && (
        <Later>
          <BottomNav />
        </Later>
      )}
      {/* Polls while signed in and notifications are on, whatever the screen; renders only a toast. Its
      first read and the device's push settings wait for the screen: news is not what the member opened
      the page for. */}
      <WhenSettled>
        <NotificationPoller />
      </WhenSettled>
      <UpdatePrompt />
      <ScrollMemory />
    </div>
  );
}

/**
 * `children` once the app's reads are in and the browser has had an idle moment (useSettled). A
 * component of its own so that the moment draws only them: held in AppLayout, it drew the layout again
 * (the header, the navigation and what they hold) in one task of 50–250 ms on a mid-range phone.
 */
function WhenSettled({ children }: { children: ReactNode }) {
  return useSettled() ? children : null;
}

/**
 * The screen's reads go through a client of their own (the app's caches), so the layout knows when the
 * screen is waiting on the connection: it then shows why in the screen's place, keeps the screen mounted
 * (its reads are what come back) and asks again when the network returns.
 */
function ScreenConnection({ children }: { children: ReactNode }) {
  const app = useQueryClient();
  const client = useMemo(() => screenQueryClient(app), [app]);
  // Tokens kept through a refresh that could not reach the server: reads that wait for the session wait
  // for the network too (the route guard retries the session).
  const sessionUnconfirmed =
    useAuthStore((s) => s.isInitialed && !s.isLoggedIn) && tokenStorage.get() !== null;
  const { problem, retry, retrying } = useConnectionProblem(client, sessionUnconfirmed);
  return (
    <QueryClientContext.Provider value={client}>
      {problem && <ConnectionNotice problem={problem} onRetry={retry} retrying={retrying} />}
      <div className={connection.screen} hidden={problem !== null}>
        {children}
      </div>
    </QueryClientContext.Provider>
  );
}
