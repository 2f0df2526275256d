import { STAFF_ROLES, type Staff, type StaffMe } from '@app/contracts';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useGetIdentity, useList } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Form, Input, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { formatDateTime } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { FilterSelect } from '../shared/filter-fields.tsx';
import { ListTable } from '../shared/list-table.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { StaffConfirm, StaffForm, type StaffAction } from './staff-dialogs.tsx';
import { useStores } from './use-stores.ts';

/** The list's filters: by role and by whether the account is active. */
const STAFF_FILTERS = [
  {
    name: 'role',
    label: 'admin.staff.role',
    any: 'admin.staff.anyRole',
    values: STAFF_ROLES,
    labelKey: 'admin.roles',
  },
  {
    name: 'status',
    label: 'admin.staff.status',
    any: 'admin.staff.anyStatus',
    values: ['active', 'disabled'],
    labelKey: 'admin.staff.statuses',
  },
] as const;

type Filters = { q?: string; role?: string; status?: string };

/** Staff (owner only): every account, filtered; create, change role and stores, disable, end sessions, reset. */
export function StaffList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data: me } = useGetIdentity<StaffMe>();
  const [filters, setFilters] = useState<Filters>({});
  const { result, query } = useList<Staff>({
    resource: 'staff',
    pagination: { mode: 'off' },
    filters: Object.entries(filters).map(([field, value]) => ({ field, operator: 'eq' as const, value })),
  });
  const stores = useStores();
  const storeName = new Map((stores.data ?? []).map((s) => [s.id, s.name]));
  const [editing, setEditing] = useState<Staff | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ action: StaffAction; staff: Staff } | null>(null);
  const refresh = () => queryClient.invalidateQueries();

  const columns: TableColumnsType<Staff> = [
    {
      title: t('admin.staff.name'),
      key: 'name',
      render: (_, s) => (
        <>
          <div>{s.name}</div>
          <div className="muted small">{s.email}</div>
        </>
      ),
    },
    { title: t('admin.staff.role'), dataIndex: 'role', render: (v: Staff['role']) => t(`admin.roles.${v}`) },
    {
      title: t('admin.staff.stores'),
      dataIndex: 'storeIds',
      responsive: ['md'],
      render: (ids: string[]) =>
        ids.length ? ids.map((id) => <Tag key={id}>{storeName.get(id) ?? id.slice(0, 8)}</Tag>) : '—',
    },
    {
      title: t('admin.staff.status'),
      key: 'status',
      render: (_, s) => (
        <div className="tag-stack">
          <Tag color={s.status === 'active' ? 'success' : 'default'}>
            {t(`admin.staff.statuses.${s.status}`)}
          </Tag>
          {!s.secondFactorEnrolled && <Tag color="warning">{t('admin.staff.notEnrolled')}</Tag>}
        </div>
      ),
    },
    { title: t('admin.staff.sessions'), dataIndex: 'activeSessions', align: 'right', responsive: ['md'] },
    {
      title: t('admin.staff.lastSignIn'),
      dataIndex: 'lastSignInAt',
      responsive: ['lg'],
      render: (v: string | null) => (v ? formatDateTime(v, lang) : t('admin.staff.never')),
    },
    {
      title: <span className="sr-only">{t('admin.common.actions')}</span>,
      key: 'actions',
      fixed: 'right',
      width: 64,
      render: (_, s) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'edit', label: t('admin.staff.edit') },
              s.status === 'active'
                ? { key: 'disable', label: t('admin.staff.disable'), danger: true, disabled: s.id === me?.id }
                : { key: 'enable', label: t('admin.staff.enable') },
              { key: 'sessions', label: t('admin.staff.endSessions'), disabled: s.activeSessions === 0 },
              { key: 'reset', label: t('admin.staff.resetFactor'), disabled: !s.secondFactorEnrolled },
            ],
            onClick: ({ key }) => {
              if (key === 'edit') setEditing(s);
              else setConfirm({ action: key as StaffAction, staff: s });
            },
          }}
        >
          <Button icon={<MoreOutlined />} aria-label={t('admin.staff.actionsFor', { name: s.name })} />
        </Dropdown>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.nav.staff')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('admin.staff.create')}
          </Button>
        }
      />
      <Card>
        <Form layout="inline" className="search-form" onFinish={(v: Filters) => setFilters(v)}>
          <Form.Item name="q" className="search-field">
            <Input
              allowClear
              placeholder={t('admin.staff.searchPlaceholder')}
              aria-label={t('admin.staff.searchPlaceholder')}
            />
          </Form.Item>
          {STAFF_FILTERS.map((f) => (
            <FilterSelect
              key={f.name}
              name={f.name}
              label={t(f.label)}
              labelHidden
              placeholder={t(f.any)}
              className="filter-select"
              values={f.values}
              labelKey={f.labelKey}
            />
          ))}
          <Button type="primary" htmlType="submit">
            {t('admin.common.search')}
          </Button>
        </Form>
        <ListTable<Staff>
          error={query.error}
          columns={columns}
          dataSource={result.data}
          loading={query.isFetching}
          pagination={false}
        />
      </Card>
      <StaffForm
        staff={editing}
        stores={stores.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={async (saved, created) => {
          void message.success(
            t(created ? 'admin.staff.created' : 'admin.staff.saved', { name: saved.name }),
          );
          await refresh();
        }}
      />
      <StaffConfirm
        value={confirm}
        onClose={() => setConfirm(null)}
        onDone={async (text) => {
          void message.success(text);
          await refresh();
        }}
        run={async (action, s) => {
          if (action === 'disable' || action === 'enable')
            await api.patch(`/staff/${s.id}`, { status: action === 'disable' ? 'disabled' : 'active' });
          else if (action === 'sessions') await api.post(`/staff/${s.id}/sessions/end`);
          else await api.post(`/staff/${s.id}/second-factor/reset`);
        }}
      />
    </>
  );
}
