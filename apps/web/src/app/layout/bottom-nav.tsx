import {
  BellOutlined,
  HomeOutlined,
  ShoppingCartOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAuthStore } from '../../features/auth/index.ts';
import { useUnreadCount } from '../../features/notifications/index.ts';
import { getCartQueryOptions } from '../../shared/cart/get-cart.ts';
import { useLocalizedPath } from '../../shared/i18n/use-localized-path.ts';
import { nextTask } from '../../shared/next-task.ts';
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

type Counts = { cartUnits: number; unread: number };
const NONE: Counts = { cartUnits: 0, unread: 0 };

/** Home, Inbox, Cart, Wallet, Profile; the current one carries aria-current="page". */
export function BottomNav() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const counting = useTaskAfterFirstDraw();
  const [{ cartUnits, unread }, setCounts] = useState(NONE);
  // The same counts keep the same state: no second draw for the zeros the counts start at.
  const onCounts = useCallback(
    (next: Counts) =>
      setCounts((now) => (now.cartUnits === next.cartUnits && now.unread === next.unread ? now : next)),
    [],
  );
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
      {counting && <TabCounts onCounts={onCounts} />}
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
 * True from the task after the navigation is first drawn. Its counts' two queries were a third of its
 * first draw (a 130–160 ms task at a phone's speed as every page starts), and their answers come over
 * the network in any case: the badges lose nothing by starting a task later.
 */
function useTaskAfterFirstDraw(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let mounted = true;
    void nextTask().then(() => mounted && setAfter(true));
    return () => {
      mounted = false;
    };
  }, []);
  return after;
}

/** The tabs' counts, handed to the navigation whenever one changes; draws nothing itself. */
function TabCounts({ onCounts }: { onCounts: (counts: Counts) => void }) {
  const cartUnits = useCartUnits();
  const unread = useUnreadCount();
  useEffect(() => onCounts({ cartUnits, unread }), [cartUnits, unread, onCounts]);
  return null;
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
