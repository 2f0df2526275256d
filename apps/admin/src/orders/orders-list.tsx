import { ORDER_STATUSES, type AdminOrderRow } from '@app/contracts';
import { Card, Form, Input, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStores } from '../staff/use-stores.ts';
import { DaysFilter, FilterSelect, SearchItem } from '../shared/filter-fields.tsx';
import { formatDateTime, formatMoney } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { OrderStatusTag } from '../shared/labels.tsx';
import { useMoreFilters } from '../shared/more-filters.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { ListTable } from '../shared/list-table.tsx';
import { useAdminTable } from '../shared/use-admin-table.ts';

type Filters = {
  number?: string;
  member?: string;
  status?: string;
  storeId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** Orders: by number, member (e-mail or id), status, store and days (Bangkok), newest first. */
export function OrdersList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const stores = useStores();
  const more = useMoreFilters();
  const { rows, loading, error, pagination, search } = useAdminTable<AdminOrderRow>('orders');
  const apply = (v: Filters) => {
    const [from, to] = v.range ?? [];
    // Days as the API reads them: YYYY-MM-DD, Bangkok, `to` the whole day.
    search({
      number: v.number?.trim(),
      member: v.member?.trim(),
      status: v.status,
      storeId: v.storeId,
      from: from?.format('YYYY-MM-DD'),
      to: to?.format('YYYY-MM-DD'),
    });
  };
  const columns: TableColumnsType<AdminOrderRow> = [
    {
      title: t('admin.orders.number'),
      dataIndex: 'number',
      render: (v: string, o) => <Link to={`/orders/${o.id}`}>{v}</Link>,
    },
    {
      title: t('admin.common.date'),
      dataIndex: 'createdAt',
      render: (v: string) => formatDateTime(v, lang),
    },
    {
      title: t('admin.orders.member'),
      dataIndex: 'memberEmail',
      render: (v: string, o) => <Link to={`/members/${o.memberId}`}>{v}</Link>,
    },
    {
      title: t('admin.orders.status'),
      dataIndex: 'status',
      render: (v: AdminOrderRow['status']) => <OrderStatusTag status={v} />,
    },
    {
      title: t('admin.orders.stores'),
      dataIndex: 'stores',
      responsive: ['lg'],
      render: (v: AdminOrderRow['stores']) => v.map((s) => s.name).join(', '),
    },
    {
      title: t('admin.orders.total'),
      dataIndex: 'total',
      align: 'right',
      render: (v: number, o) => (
        <>
          {formatMoney(v)}
          {o.refunded > 0 && (
            <div className="muted small">
              {t('admin.orders.refundedAmount', { amount: formatMoney(o.refunded) })}
            </div>
          )}
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('admin.nav.orders')} />
      <Card>
        <Form layout="vertical" onFinish={apply} className="filter-grid">
          <Form.Item name="number" label={t('admin.orders.number')}>
            <Input allowClear maxLength={40} />
          </Form.Item>
          {more.shown && (
            <>
              <Form.Item name="member" label={t('admin.orders.member')}>
                <Input allowClear maxLength={254} placeholder={t('admin.orders.memberPlaceholder')} />
              </Form.Item>
              <FilterSelect
                name="status"
                label={t('admin.orders.status')}
                placeholder={t('admin.orders.anyStatus')}
                options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`admin.orderStatus.${s}`) }))}
              />
              <FilterSelect
                name="storeId"
                label={t('admin.orders.store')}
                placeholder={t('admin.orders.anyStore')}
                options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                searchable
              />
              <DaysFilter />
            </>
          )}
          <SearchItem />
        </Form>
        {more.toggle}
        <ListTable<AdminOrderRow>
          error={error}
          columns={columns}
          dataSource={rows}
          loading={loading}
          pagination={pagination}
          empty={t('admin.orders.none')}
        />
      </Card>
    </>
  );
}
