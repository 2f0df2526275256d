import type { StaffMe } from '@app/contracts';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  DashboardOutlined,
  LogoutOutlined,
  NotificationOutlined,
  ScanOutlined,
  SettingOutlined,
  MenuOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ShoppingOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Drawer, Grid, Layout, Menu, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { session } from '../api/session.ts';
import { LanguageSwitch } from '../shared/language-switch.tsx';
import { useFocusableScroll } from '../shared/use-focusable-scroll.ts';
import { staffCan } from './providers.ts';
import styles from './layout.module.css';

/** The side menu shows only what the role may do (the contracts' permission table). */
function useMenuItems(staff: StaffMe | null) {
  const { t } = useTranslation();
  return [
    staffCan(staff, 'counter.redeem') && {
      key: '/counter',
      icon: <ScanOutlined />,
      label: t('admin.nav.counter'),
    },
    staffCan(staff, 'dashboard.read') && {
      key: '/dashboard',
      icon: <DashboardOutlined />,
      label: t('admin.nav.dashboard'),
    },
    staffCan(staff, 'members.read') && {
      key: '/members',
      icon: <UserOutlined />,
      label: t('admin.nav.members'),
    },
    staffCan(staff, 'orders.read') && {
      key: '/orders',
      icon: <ShoppingOutlined />,
      label: t('admin.nav.orders'),
    },
    staffCan(staff, 'staff.manage') && { key: '/staff', icon: <TeamOutlined />, label: t('admin.nav.staff') },
    staffCan(staff, 'stores.apiKeys') && {
      key: '/pos-keys',
      icon: <ApiOutlined />,
      label: t('admin.nav.posKeys'),
    },
    staffCan(staff, 'audit.read') && { key: '/audit', icon: <AuditOutlined />, label: t('admin.nav.audit') },
    staffCan(staff, 'catalogue.read') && {
      key: '/catalogue',
      icon: <AppstoreOutlined />,
      label: t('admin.nav.catalogue'),
    },
    staffCan(staff, 'campaigns.send') && {
      key: '/campaigns',
      icon: <NotificationOutlined />,
      label: t('admin.nav.campaigns'),
    },
    staffCan(staff, 'rules.read') && {
      key: '/rules',
      icon: <SettingOutlined />,
      label: t('admin.nav.rules'),
    },
  ].filter((item) => item !== false);
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<StaffMe>();
  const staff = identity ?? session.staff();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.md;
  const [drawerOpen, setDrawerOpen] = useState(false);
  useFocusableScroll();
  const items = useMenuItems(staff);
  const selected = items.find((i) => pathname.startsWith(i.key))?.key;

  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      items={items}
      onClick={({ key }) => {
        setDrawerOpen(false);
        void navigate(key);
      }}
    />
  );

  return (
    <Layout className={styles.shell}>
      {!narrow && (
        <Layout.Sider width={220} className={styles.sider}>
          <div className={styles.brand}>
            <span className={styles.mark} aria-hidden="true">
              ★
            </span>
            {t('admin.brand')}
          </div>
          <nav aria-label={t('admin.nav.label')}>{menu}</nav>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className={styles.header}>
          {narrow && (
            <Button
              type="text"
              className={styles.menuButton}
              icon={<MenuOutlined />}
              aria-label={t('admin.nav.open')}
              onClick={() => setDrawerOpen(true)}
            />
          )}
          <div className={styles.who}>
            <Typography.Text className={styles.name} ellipsis>
              {staff?.name}
            </Typography.Text>
            {staff && <Tag className={styles.role}>{t(`admin.roles.${staff.role}`)}</Tag>}
          </div>
          <LanguageSwitch dark />
          <Button
            className={styles.signOut}
            icon={<LogoutOutlined />}
            onClick={() => logout()}
            aria-label={narrow ? t('admin.auth.signOut') : undefined}
          >
            {narrow ? null : t('admin.auth.signOut')}
          </Button>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <main>{children}</main>
        </Layout.Content>
      </Layout>
      {narrow && (
        <Drawer
          placement="left"
          size={240}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={t('admin.brand')}
          styles={{ body: { padding: 0, background: '#14213d' } }}
        >
          <nav aria-label={t('admin.nav.label')}>{menu}</nav>
        </Drawer>
      )}
    </Layout>
  );
}
