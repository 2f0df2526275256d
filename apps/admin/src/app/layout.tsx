import type { Permission, StaffMe } from '@app/contracts';
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
import { useLogout } from '@refinedev/core';
import { Button, Drawer, Grid, Layout, Menu, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../shared/language-switch.tsx';
import { useFocusableScroll } from '../shared/use-focusable-scroll.ts';
import { useStaff } from './allowed.tsx';
import { staffCan } from './providers.ts';
import styles from './layout.module.css';

/** The side menu's screens in their order: the path, the permission that opens it, its icon and name. */
const MENU: Array<[path: string, permission: Permission, icon: ReactNode, label: string]> = [
  ['/counter', 'counter.redeem', <ScanOutlined key="counter" />, 'admin.nav.counter'],
  ['/dashboard', 'dashboard.read', <DashboardOutlined key="dashboard" />, 'admin.nav.dashboard'],
  ['/members', 'members.read', <UserOutlined key="members" />, 'admin.nav.members'],
  ['/orders', 'orders.read', <ShoppingOutlined key="orders" />, 'admin.nav.orders'],
  ['/staff', 'staff.manage', <TeamOutlined key="staff" />, 'admin.nav.staff'],
  ['/pos-keys', 'stores.apiKeys', <ApiOutlined key="pos-keys" />, 'admin.nav.posKeys'],
  ['/audit', 'audit.read', <AuditOutlined key="audit" />, 'admin.nav.audit'],
  ['/catalogue', 'catalogue.read', <AppstoreOutlined key="catalogue" />, 'admin.nav.catalogue'],
  ['/campaigns', 'campaigns.send', <NotificationOutlined key="campaigns" />, 'admin.nav.campaigns'],
  ['/rules', 'rules.read', <SettingOutlined key="rules" />, 'admin.nav.rules'],
];

/** The side menu shows only what the role may do (the contracts' permission table). */
function useMenuItems(staff: StaffMe | null) {
  const { t } = useTranslation();
  return MENU.filter(([, permission]) => staffCan(staff, permission)).map(([key, , icon, label]) => ({
    key,
    icon,
    label: t(label),
  }));
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const staff = useStaff();
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
