import type { Permission } from '@app/contracts';
import { Authenticated, Refine } from '@refinedev/core';
import routerProvider, { CatchAllNavigate } from '@refinedev/react-router';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import thTH from 'antd/es/locale/th_TH';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { AuditList } from '../audit/audit-list.tsx';
import { CampaignsPage } from '../campaigns/campaigns-page.tsx';
import { CataloguePage } from '../catalogue/catalogue-page.tsx';
import { CounterPage } from '../counter/counter-page.tsx';
import { DashboardPage } from '../dashboard/dashboard-page.tsx';
import { PosKeysPage } from '../pos-keys/pos-keys-page.tsx';
import { SignInPage } from '../auth/sign-in-page.tsx';
import { MemberShow } from '../members/member-show.tsx';
import { MembersList } from '../members/members-list.tsx';
import { OrderShow } from '../orders/order-show.tsx';
import { OrdersList } from '../orders/orders-list.tsx';
import { RulesPage } from '../rules/rules-page.tsx';
import { StaffList } from '../staff/staff-list.tsx';
import { Allowed } from './allowed.tsx';
import { AdminLayout } from './layout.tsx';
import { accessControlProvider, authProvider, dataProvider, i18nProvider } from './providers.ts';
import { NotAllowed, Welcome } from './placeholders.tsx';
import { theme } from './theme.ts';

const resources = [
  { name: 'members', list: '/members', show: '/members/:id', meta: { label: 'admin.nav.members' } },
  { name: 'orders', list: '/orders', show: '/orders/:id', meta: { label: 'admin.nav.orders' } },
  { name: 'staff', list: '/staff', meta: { label: 'admin.nav.staff' } },
  { name: 'audit', list: '/audit', meta: { label: 'admin.nav.audit' } },
  { name: 'rules', list: '/rules', meta: { label: 'admin.nav.rules' } },
  { name: 'catalogue', list: '/catalogue/:kind', meta: { label: 'admin.nav.catalogue' } },
  { name: 'campaigns', list: '/campaigns', meta: { label: 'admin.nav.campaigns' } },
  { name: 'dashboard', list: '/dashboard', meta: { label: 'admin.nav.dashboard' } },
];

/** The screens each role opens only with a permission (others are told so): path, permission, screen. */
const SCREENS: Array<[path: string, permission: Permission, screen: ComponentType]> = [
  ['members', 'members.read', MembersList],
  ['members/:id', 'members.read', MemberShow],
  ['orders', 'orders.read', OrdersList],
  ['orders/:id', 'orders.read', OrderShow],
  ['staff', 'staff.manage', StaffList],
  ['audit', 'audit.read', AuditList],
  ['rules', 'rules.read', RulesPage],
  ['catalogue', 'catalogue.read', CataloguePage],
  ['catalogue/:kind', 'catalogue.read', CataloguePage],
  ['campaigns', 'campaigns.send', CampaignsPage],
  ['dashboard', 'dashboard.read', DashboardPage],
];

export function App() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={theme} locale={i18n.language === 'th' ? thTH : enUS}>
      <AntApp>
        <BrowserRouter basename="/admin">
          <Refine
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            resources={resources}
            options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false }}
          >
            <Routes>
              <Route index element={<SignInPage />} />
              <Route
                element={
                  <Authenticated key="admin" fallback={<CatchAllNavigate to="/" />}>
                    <AdminLayout>
                      <Outlet />
                    </AdminLayout>
                  </Authenticated>
                }
              >
                {SCREENS.map(([path, permission, Screen]) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      <Allowed permission={permission}>
                        <Screen />
                      </Allowed>
                    }
                  />
                ))}
                <Route path="pos-keys" element={<PosKeysPage />} />
                <Route path="counter" element={<CounterPage />} />
                <Route path="welcome" element={<Welcome />} />
                <Route path="forbidden" element={<NotAllowed />} />
                <Route path="*" element={<Navigate to="/" replace />} />
              </Route>
            </Routes>
          </Refine>
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
