import type { Language } from '@app/contracts';
import type { RouteObject } from 'react-router';
import { paths } from '../shared/paths.ts';
import { lazyScreen } from '../shared/ui/lazy-screen.tsx';
import { AppErrorScreen } from './app-error.tsx';
import { LocaleRoot } from './layout/locale-root.tsx';

// One chunk per screen: a phone downloads only the code of the page it opens, and antd's runtime
// only for screens that use it (not home).
const Signin = lazyScreen(() => import('../features/auth/routes/signin.tsx'));
const Home = lazyScreen(() => import('../features/catalogue/routes/home.tsx'), { kit: false });
const Vouchers = lazyScreen(() => import('../features/catalogue/routes/vouchers.tsx'));
const VoucherDetail = lazyScreen(() => import('../features/catalogue/routes/voucher-detail.tsx'));
const Privileges = lazyScreen(() => import('../features/catalogue/routes/privileges.tsx'));
const PrivilegeDetail = lazyScreen(() => import('../features/catalogue/routes/privilege-detail.tsx'));
const Store = lazyScreen(() => import('../features/catalogue/routes/store.tsx'));
const Profile = lazyScreen(() => import('../features/profile/routes/profile.tsx'));
const EditProfile = lazyScreen(() => import('../features/profile/routes/edit-profile.tsx'));
const History = lazyScreen(() => import('../features/history/routes/history.tsx'));
const Wallet = lazyScreen(() => import('../features/wallet/routes/wallet.tsx'));
const Checkout = lazyScreen(() => import('../features/checkout/routes/checkout.tsx'));
const Cart = lazyScreen(() => import('../features/cart/routes/cart.tsx'));
const PrivilegesHistory = lazyScreen(() => import('../features/privileges/routes/privileges-history.tsx'));
const Notifications = lazyScreen(() => import('../features/notifications/routes/notifications.tsx'));
const NotFound = lazyScreen(() => import('./not-found.tsx'));

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
