import type {
  AdminMemberNotification,
  AdminMemberOrder,
  AdminMemberWalletItem,
  AdminPointsLedgerEntry,
} from '@app/contracts';
import { useCan } from '@refinedev/core';
import { Alert, Badge, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../shared/error-text.ts';
import { formatDate, formatDateTime, formatMoney, formatNumber, signed } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { OrderStatusTag } from '../shared/labels.tsx';
import { useAdminTable } from '../shared/use-admin-table.ts';

/** One of the member's paged lists (orders, wallet, ledger, notifications) as an antd table. */
function MemberListTable<T extends { id: string }>({
  resource,
  columns,
  scrollX,
}: {
  resource: string;
  columns: TableColumnsType<T>;
  scrollX: number;
}) {
  const { t } = useTranslation();
  const { rows, loading, error, pagination } = useAdminTable<T>(resource, { pageSize: 10 });
  return (
    <>
      {error && <Alert type="error" showIcon title={errorText(t, error)} />}
      <Table<T>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={pagination}
        scroll={{ x: scrollX }}
        size="small"
        locale={{ emptyText: t('admin.common.empty') }}
      />
    </>
  );
}

export function MemberOrders({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const canOrders = useCan({ resource: 'orders', action: 'show' }).data?.can;
  const lang = currentLanguage();
  const columns: TableColumnsType<AdminMemberOrder> = [
    {
      title: t('admin.orders.number'),
      dataIndex: 'number',
      render: (v: string, o) => (canOrders ? <Link to={`/orders/${o.id}`}>{v}</Link> : v),
    },
    { title: t('admin.common.date'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, lang) },
    {
      title: t('admin.orders.status'),
      dataIndex: 'status',
      render: (v: AdminMemberOrder['status']) => <OrderStatusTag status={v} />,
    },
    {
      title: t('admin.orders.items'),
      key: 'lines',
      render: (_, o) => o.lines.map((l) => `${l.title} × ${l.quantity}`).join(', '),
    },
    {
      title: t('admin.orders.total'),
      dataIndex: 'total',
      align: 'right',
      render: (v: number) => formatMoney(v),
    },
  ];
  return <MemberListTable resource={`members/${memberId}/orders`} columns={columns} scrollX={760} />;
}

export function MemberWallet({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const colour = { active: 'success', used: 'default', expired: 'warning' } as const;
  const columns: TableColumnsType<AdminMemberWalletItem> = [
    { title: t('admin.wallet.title'), dataIndex: 'title' },
    {
      title: t('admin.wallet.kind'),
      dataIndex: 'kind',
      render: (v: AdminMemberWalletItem['kind']) => t(`admin.wallet.kinds.${v}`),
    },
    {
      title: t('admin.wallet.status'),
      dataIndex: 'status',
      render: (v: AdminMemberWalletItem['status']) => (
        <Tag color={colour[v]}>{t(`admin.wallet.statuses.${v}`)}</Tag>
      ),
    },
    {
      title: t('admin.wallet.uses'),
      key: 'uses',
      render: (_, w) =>
        w.usageLimit === null
          ? t('admin.wallet.usedUnlimited', { used: w.usedCount })
          : t('admin.wallet.usedOf', { used: w.usedCount, limit: w.usageLimit }),
    },
    {
      title: t('admin.wallet.validUntil'),
      dataIndex: 'validUntil',
      render: (v: string) => formatDate(v, lang),
    },
    { title: t('admin.orders.number'), dataIndex: 'orderNumber', render: (v: string | null) => v ?? '—' },
  ];
  return <MemberListTable resource={`members/${memberId}/wallet`} columns={columns} scrollX={800} />;
}

export function MemberLedger({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const columns: TableColumnsType<AdminPointsLedgerEntry> = [
    { title: t('admin.common.date'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, lang) },
    {
      title: t('admin.ledger.kind'),
      dataIndex: 'kind',
      render: (v: AdminPointsLedgerEntry['kind']) => t(`admin.ledger.kinds.${v}`),
    },
    {
      title: t('admin.ledger.points'),
      dataIndex: 'points',
      align: 'right',
      render: (v: number) => (
        <span className={v < 0 ? 'points-minus' : 'points-plus'}>{signed(v, formatNumber)}</span>
      ),
    },
    { title: t('admin.common.reason'), dataIndex: 'reason' },
    { title: t('admin.orders.number'), dataIndex: 'orderNumber', render: (v: string | null) => v ?? '—' },
    {
      title: t('admin.ledger.expires'),
      dataIndex: 'expiresAt',
      render: (v: string | null) => (v ? formatDate(v, lang) : '—'),
    },
  ];
  return <MemberListTable resource={`members/${memberId}/points-ledger`} columns={columns} scrollX={820} />;
}

export function MemberNotifications({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const columns: TableColumnsType<AdminMemberNotification> = [
    {
      title: t('admin.common.date'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => formatDateTime(v, lang),
    },
    { title: t('admin.notifications.title'), dataIndex: 'title', width: 220 },
    { title: t('admin.notifications.description'), dataIndex: 'description' },
    {
      title: t('admin.notifications.read'),
      dataIndex: 'isRead',
      width: 110,
      render: (v: boolean) => (
        <Badge
          status={v ? 'default' : 'processing'}
          text={v ? t('admin.notifications.isRead') : t('admin.notifications.unread')}
        />
      ),
    },
  ];
  return <MemberListTable resource={`members/${memberId}/notifications`} columns={columns} scrollX={760} />;
}
