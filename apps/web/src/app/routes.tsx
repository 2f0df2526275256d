import type { Language } from '@app/contracts';
import type { RouteObject } from 'react-router';
import { prefetchDetailFirstView, prefetchHomeFirstView } from '../features/catalogue/api/first-view.ts';
import type { ItemKind } from '../features/catalogue/api/query-keys.ts';
import { readHomeAddress } from '../features/catalogue/lib/home-address.ts';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../shared/paths.ts';
import { lazyScreen, type LazyScreen } from '../shared/ui/lazy-screen.tsx';
import type { PlaceholderShape } from '../shared/ui/screen-placeholder.tsx';
import { AppErrorBoundary } from './app-error.tsx';
import { ScreenSlot } from './connection/screen-slot.tsx';
import { LocaleRoot } from './layout/locale-root.tsx';

// One chunk per screen: a phone downloads only the code of the page it opens, and antd's runtime
// only for screens that use it on their first paint (not home, the wallet or the inbox).
const Signin = lazyScreen(() => import('../features/auth/routes/signin.tsx'), { kit: false });
const Home = lazyScreen(() => import('../features/catalogue/routes/home.tsx'), { kit: false });
const Vouchers = lazyScreen(() => import('../features/catalogue/routes/vouchers.tsx'), { kit: false });
const VoucherDetail = lazyScreen(() => import('../features/catalogue/routes/voucher-detail.tsx'), {
  kit: false,
});
const Privileges = lazyScreen(() => import('../features/catalogue/routes/privileges.tsx'), { kit: false });
const PrivilegeDetail = lazyScreen(() => import('../features/catalogue/routes/privilege-detail.tsx'), {
  kit: false,
});
const Store = lazyScreen(() => import('../features/catalogue/routes/store.tsx'), { kit: false });
const Profile = lazyScreen(() => import('../features/profile/routes/profile.tsx'), { kit: false });
const EditProfile = lazyScreen(() => import('../features/profile/routes/edit-profile.tsx'));
const History = lazyScreen(() => import('../features/history/routes/history.tsx'), { kit: false });
const Wallet = lazyScreen(() => import('../features/wallet/routes/wallet.tsx'), { kit: false });
const WalletVoucher = lazyScreen(() => import('../features/wallet/routes/wallet-voucher.tsx'), {
  kit: false,
});
const Checkout = lazyScreen(() => import('../features/checkout/routes/checkout.tsx'), { kit: false });
const CheckoutOrder = lazyScreen(() => import('../features/checkout/routes/order-status.tsx'));
const Cart = lazyScreen(() => import('../features/cart/routes/cart.tsx'), { kit: false });
const PrivilegesHistory = lazyScreen(() => import('../features/privileges/routes/privileges-history.tsx'), {
  kit: false,
});
const Notifications = lazyScreen(() => import('../features/notifications/routes/notifications.tsx'), {
  kit: false,
});
const NotFound = lazyScreen(() => import('./not-found.tsx'));

/** Route paths are the `paths` module's, relative to the locale root. */
const rel = (path: string) => path.slice(1);

/** Where the app starts: the address's language, query and route parameters, and the cache to fill. */
export type FirstViewAt = {
  queryClient: QueryClient;
  lang: Language;
  search: URLSearchParams;
  params: Record<string, string | undefined>;
};

/** What the layout needs to know of a screen before its code is here. */
export type ScreenHandle = {
  screen: LazyScreen<object>;
  placeholder: PlaceholderShape;
  /**
   * Requests a visitor's first view's data beside the code, when the app starts on this screen; settles
   * when the answers are in.
   */
  firstView?: (at: FirstViewAt) => Promise<unknown>;
  /**
   * The screen's module, as the build's manifest names it: the page links its code and styles, so they
   * download with the app's rather than after it. A test holds it to the lazy import.
   */
  source?: string;
  /** The server renders a visitor's first view of this screen. */
  serverRendered?: true;
  /**
   * The part of the address's query the screen's markup depends on (the server renders, and reuses, a
   * page per path and this; other parameters are ignored), or null when the server does not render
   * that address. Default: none of the query.
   */
  serverQuery?: (search: URLSearchParams) => string | null;
  /** A screen that ends in its own pinned action (checkout, paying): no bottom navigation under it. */
  hideNav?: true;
  /** The screen for an address the app does not know: no tab of the bottom navigation is the current one. */
  notFound?: true;
};

const screen = (
  path: string,
  Screen: LazyScreen<object>,
  placeholder: PlaceholderShape,
  rendered: Pick<ScreenHandle, 'firstView' | 'source' | 'serverRendered' | 'serverQuery' | 'hideNav'> = {},
): RouteObject => ({
  path: rel(path),
  element: <ScreenSlot screen={Screen} />,
  handle: { screen: Screen, placeholder, ...rendered } satisfies ScreenHandle,
});

/**
 * A voucher's or a privilege's detail (`:id` in the path): the server renders a visitor's first view,
 * and the app starting there requests that item beside the screen's code.
 */
const detailScreen = (path: string, Screen: LazyScreen<object>, kind: ItemKind, source: string) =>
  screen(path, Screen, 'detail', {
    firstView: ({ queryClient, lang, params }) =>
      prefetchDetailFirstView(queryClient, kind, lang, params.id ?? ''),
    source,
    serverRendered: true,
  });

/** Every screen, by its path under a language's root. */
export const screens: RouteObject[] = [
  // `/` renders nothing: the guard sends it to /home.
  { index: true, element: null },
  screen(paths.signin, Signin, 'page', {
    source: 'src/features/auth/routes/signin.tsx',
    serverRendered: true,
  }),
  screen(paths.home, Home, 'list', {
    firstView: ({ queryClient, lang, search }) => prefetchHomeFirstView(queryClient, lang, search),
    source: 'src/features/catalogue/routes/home.tsx',
    serverRendered: true,
    // Other tabs and search results are parts of their own, with styles the page would not link.
    serverQuery: (search) => {
      const { q, tab, category } = readHomeAddress(search);
      if (q || tab !== 'voucher') return null;
      return category ? new URLSearchParams({ category }).toString() : '';
    },
  }),
  screen(paths.wallet, Wallet, 'page', { source: 'src/features/wallet/routes/wallet.tsx' }),
  screen(paths.walletVoucher, WalletVoucher, 'detail', {
    source: 'src/features/wallet/routes/wallet-voucher.tsx',
  }),
  screen(paths.checkout, Checkout, 'page', {
    source: 'src/features/checkout/routes/checkout.tsx',
    hideNav: true,
  }),
  screen(paths.checkoutOrder, CheckoutOrder, 'page', {
    source: 'src/features/checkout/routes/order-status.tsx',
    hideNav: true,
  }),
  screen(paths.cart, Cart, 'page', { source: 'src/features/cart/routes/cart.tsx' }),
  screen(paths.profile, Profile, 'page', { source: 'src/features/profile/routes/profile.tsx' }),
  screen(paths.profileEdit, EditProfile, 'page', { source: 'src/features/profile/routes/edit-profile.tsx' }),
  screen(paths.profileHistory, History, 'page', { source: 'src/features/history/routes/history.tsx' }),
  screen(paths.vouchers, Vouchers, 'list', { source: 'src/features/catalogue/routes/vouchers.tsx' }),
  detailScreen(paths.voucher, VoucherDetail, 'vouchers', 'src/features/catalogue/routes/voucher-detail.tsx'),
  screen(paths.privileges, Privileges, 'list', { source: 'src/features/catalogue/routes/privileges.tsx' }),
  // A static segment outranks `:id`: /privileges/history stays the (protected) history screen.
  screen(paths.privilegesHistory, PrivilegesHistory, 'page', {
    source: 'src/features/privileges/routes/privileges-history.tsx',
  }),
  detailScreen(
    paths.privilege,
    PrivilegeDetail,
    'privileges',
    'src/features/catalogue/routes/privilege-detail.tsx',
  ),
  screen(paths.store, Store, 'list', { source: 'src/features/catalogue/routes/store.tsx' }),
  screen(paths.notifications, Notifications, 'page', {
    source: 'src/features/notifications/routes/notifications.tsx',
  }),
  {
    path: '*',
    element: <ScreenSlot screen={NotFound} />,
    handle: {
      screen: NotFound,
      placeholder: 'page',
      source: 'src/app/not-found.tsx',
      notFound: true,
    } satisfies ScreenHandle,
  },
];

const localeRoot = (path: string, lang: Language): RouteObject => ({
  path,
  // The error screen is in the first download, not a lazy chunk: a chunk that failed to load is one of
  // the errors it shows.
  element: (
    <AppErrorBoundary lang={lang}>
      <LocaleRoot lang={lang} />
    </AppErrorBoundary>
  ),
  children: screens,
});

/**
 * The app's routes for a page in `lang`: that language's root alone. An address's language is its prefix
 * (shared/paths.ts: splitLocale), so the other root could never match it, and React Router ranks every
 * route it is given afresh on each match.
 */
export const routesIn: Record<Language, RouteObject[]> = {
  th: [localeRoot('/th', 'th')],
  en: [localeRoot('/', 'en')],
};
