import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useRoutes } from 'react-router';
import { setNavigator } from '../shared/navigation.ts';
import { splitLocale } from '../shared/paths.ts';
import { leaveFirstScreen } from '../shared/ui/later.tsx';
import { screenAt } from './preload.ts';
import { routesIn } from './routes.tsx';
import { ScreenHandleContext } from './screen-handle.ts';

/**
 * The app's screens at the current address, inside whichever router the page has (the browser's, or
 * the server's static one). React Router's declarative mode rather than its data router: the app has
 * no loaders or actions (screens read through TanStack Query), and the data router is 55 KB more
 * JavaScript on every first screen. What the data router gave is here instead: the matched screen's
 * handle (ScreenHandleContext), the error screen (AppErrorBoundary, routes.tsx) and scroll positions
 * (ScrollMemory, the layout).
 */
export function AppRoutes() {
  const location = useLocation();
  // The page's first address has React Router's 'default' key: any move draws its screen whole.
  if (location.key !== 'default') leaveFirstScreen();
  const element = useRoutes(routesIn[splitLocale(location.pathname).lang], location);
  const handle = useMemo(() => screenAt(location.pathname)?.handle, [location.pathname]);
  return <ScreenHandleContext.Provider value={handle}>{element}</ScreenHandleContext.Provider>;
}

/** Lets code outside components (the auth store, a notification's toast) navigate without a page load. */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  return null;
}
