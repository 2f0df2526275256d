import type { Language } from '@app/contracts';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../shared/paths.ts';
import { LocaleRoot } from './layout/locale-root.tsx';

// One chunk per screen: a phone downloads only the code of the page it opens.
const Signin = lazy(() => import('../features/auth/routes/signin.tsx'));
const Home = lazy(() => import('../features/home/routes/home.tsx'));
const Profile = lazy(() => import('../features/profile/routes/profile.tsx'));
const EditProfile = lazy(() => import('../features/profile/routes/edit-profile.tsx'));
const History = lazy(() => import('../features/history/routes/history.tsx'));
const Wallet = lazy(() => import('../features/wallet/routes/wallet.tsx'));
const Checkout = lazy(() => import('../features/checkout/routes/checkout.tsx'));
const Cart = lazy(() => import('../features/cart/routes/cart.tsx'));
const PrivilegesHistory = lazy(() => import('../features/privileges/routes/privileges-history.tsx'));
const Notifications = lazy(() => import('../features/notifications/routes/notifications.tsx'));
const NotFound = lazy(() => import('./not-found.tsx'));

/** Route paths are the `paths` module's, relative to the locale root. */
const rel = (path: string) => path.slice(1);

const screens: RouteObject[] = [
  // `/` renders nothing: the guard sends it to /home.
  { index: true, element: null },
  { path: rel(paths.signin), element: <Signin /> },
  { path: rel(paths.home), element: <Home /> },
  { path: rel(paths.wallet), element: <Wallet /> },
  { path: rel(paths.checkout), element: <Checkout /> },
  { path: rel(paths.cart), element: <Cart /> },
  { path: rel(paths.profile), element: <Profile /> },
  { path: rel(paths.profileEdit), element: <EditProfile /> },
  { path: rel(paths.profileHistory), element: <History /> },
  { path: rel(paths.privilegesHistory), element: <PrivilegesHistory /> },
  { path: rel(paths.notifications), element: <Notifications /> },
  { path: '*', element: <NotFound /> },
];

const localeRoot = (path: string, lang: Language): RouteObject => ({
  path,
  element: <LocaleRoot lang={lang} />,
  children: screens,
});

export const routes: RouteObject[] = [localeRoot('/th', 'th'), localeRoot('/', 'en')];
