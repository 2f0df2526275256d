import {
  BellOutlined,
  HomeOutlined,
  ShoppingCartOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAuthStore } from '../../features/auth/index.ts';
import { useUnreadCount } from '../../features/notifications/index.ts';
import { getCartQueryOptions } from '../../shared/cart/get-cart.ts';
import { useLocalizedPath } from '../../shared/i18n/use-localized-path.ts';
import { paths } from '../../shared/paths.ts';
import { useScreenHandle } from '../screen-handle.ts';
import styles from './layout.module.css';

type NavItem = {
  id: 'home' | 'inbox' | 'cart' | 'wallet' | 'profile';
  path: string;
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
};

const ITEMS: NavItem[] = [
  { id: 'home', path: paths.home, Icon: HomeOutlined },
  { id: 'inbox', path: paths.notifications, Icon: BellOutlined },
  { id: 'cart', path: paths.cart, Icon: ShoppingCartOutlined },
  { id: 'wallet', path: paths.wallet, Icon: WalletOutlined },
  { id: 'profile', path: paths.profile, Icon: UserOutlined },
];

/** Home, Inbox, Cart, Wallet, Profile; the current one carries aria-current="page". */
export function BottomNav() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const cartUnits = useCartUnits();
  const unread = useUnreadCount();
  // /notifications/abc is no screen of the Inbox tab: on the not-found screen no tab is current.
  const notFound = useScreenHandle()?.notFound === true;
  // The spoken count only for a badge that shows: a count's text is i18next's slowest kind (its plural
  // rules), and at the app's start, before the counts are in, both are 0.
  const badgeOf = (count: number, key: 'nav.cartBadge' | 'nav.inboxBadge') =>
    count > 0 ? { count, spoken: t(key, { count }) } : undefined;
  const badges: Partial<Record<NavItem['id'], { count: number; spoken: string }>> = {
    cart: badgeOf(cartUnits, 'nav.cartBadge'),
    inbox: badgeOf(unread, 'nav.inboxBadge'),
  };
  return (
    <nav className={styles.bottomNav} aria-label={t('nav.label')}>
      <ul>
        {ITEMS.map(({ id, path, Icon }) => {
          const badge = badges[id];
          return (
            <li key={id}>
              <NavLink to={to(path)} aria-current={notFound ? 'false' : 'page'} data-testid={`nav-${id}`}>
                <span className={styles.navIconBox}>
                  <Icon aria-hidden className={styles.navIcon} />
                  {badge && (
                    <span className={styles.navBadge} aria-hidden data-testid={`nav-${id}-badge`}>
                      {/* At most two digits: no thousands separator to format (and no dayjs pulled into the shell). */}
                      {badge.count > 99 ? '99+' : badge.count}
                    </span>
                  )}
                </span>
                <span>{t(`nav.${id}`)}</span>
                {badge && <span className="visually-hidden">{badge.spoken}</span>}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Units in the member's cart for the Cart tab's badge; 0 for a visitor (no request). Every cart answer
 * updates the same cached query, so the badge follows adds and deletes without reading again.
 */
function useCartUnits(): number {
  const viewer = useAuthStore((s) => (s.isLoggedIn ? (s.info?.id ?? 'member') : null));
  const cart = useQuery({
    ...getCartQueryOptions(viewer ?? ''),
    enabled: viewer !== null,
    select: (c) => c.itemCount,
  });
  return viewer === null ? 0 : (cart.data ?? 0);
}
