import type { Language } from '@app/contracts';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../shared/paths.ts';
import { AppErrorScreen } from './app-error.tsx';
import { LocaleRoot } from './layout/locale-root.tsx';

// One chunk per screen: a phone downloads only the code of the page it opens.
const Signin = lazy(() => import('../features/auth/routes/signin.tsx'));
const Home = lazy(() => import('../features/catalogue/routes/home.tsx'));
const Vouchers = lazy(() => import('../features/catalogue/routes/vouchers.tsx'));
const VoucherDetail = lazy(() => import('../features/catalogue/routes/voucher-detail.tsx'));
const Privileges = lazy(() => import('../features/catalogue/routes/privileges.tsx'));
const PrivilegeDetail = lazy(() => import('../features/catalogue/routes/privilege-detail.tsx'));
const Store = lazy(() => import('../features/catalogue/routes/store.tsx'));
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
  { path: rel(paths.vouchers), element: <Vouchers /> },
  { path: rel(paths.voucher), element: <VoucherDetail /> },
  { path: rel(paths.privileges), element: <Privileges /> },
  // A static segment outranks `:id`: /privileges/history stays the (protected) history screen.
  { path: rel(paths.privilegesHistory), element: <PrivilegesHistory /> },
  { path: rel(paths.privilege), element: <PrivilegeDetail /> },
  { path: rel(paths.store), element: <Store /> },
  { path: rel(paths.notifications), element: <Notifications /> },
  { path: '*', element: <NotFound /> },
];

const localeRoot = (path: string, lang: Language): RouteObject => ({
  path,
  element: <LocaleRoot lang={lang} />,
  // In the first download, not a lazy chunk: a chunk that failed to load is one of the errors it shows.
  errorElement: <AppErrorScreen lang={lang} />,
  children: screens,
});

export const routes: RouteObject[] = [localeRoot('/th', 'th'), localeRoot('/', 'en')];
