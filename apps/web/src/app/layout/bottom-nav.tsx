import {
  BellOutlined,
  HomeOutlined,
  ShoppingCartOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLocalizedPath } from '../../shared/i18n/use-localized-path.ts';
import { paths } from '../../shared/paths.ts';
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
  return (
    <nav className={styles.bottomNav} aria-label={t('nav.label')}>
      <ul>
        {ITEMS.map(({ id, path, Icon }) => (
          <li key={id}>
            <NavLink to={to(path)} data-testid={`nav-${id}`}>
              <Icon aria-hidden className={styles.navIcon} />
              <span>{t(`nav.${id}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
