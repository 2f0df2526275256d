import type { AdminOrderDetail, AdminOrderTimelineEntry } from '@app/contracts';
import { useCan } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Table, Tag, Timeline, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatNumber } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { OrderStatusTag } from '../shared/labels.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { useDetail } from '../shared/use-detail.tsx';
import { RefundDialog } from './refund-dialog.tsx';

type Line = AdminOrderDetail['lines'][number];
type Refund = AdminOrderDetail['refunds'][number];

/** One timeline row in words: "Paid → issued", "Webhook charge.succeeded", "Refund ฿120 succeeded". */
function timelineText(t: (k: string, o?: Record<string, unknown>) => string, e: AdminOrderTimelineEntry) {
  // Order states are upper case (PAID…), a charge's and a refund's lower case (pending, successful…).
  const state = (s: string | null) =>
    !s
      ? ''
      : e.kind === 'refund'
        ? t(`admin.refund.statuses.${s}`, { defaultValue: s })
        : e.kind === 'payment' || e.kind === 'webhook'
          ? t(`admin.chargeStatus.${s}`, { defaultValue: s })
          : t(`admin.orderStatus.${s}`, { defaultValue: s });
  const what = t(`admin.timeline.${e.kind}`);
  const move = e.from || e.to ? `${state(e.from)}${e.from && e.to ? ' → ' : ''}${state(e.to)}` : '';
  const facts = Object.entries(e.detail)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');
  return { what, move, facts };
}

export function OrderShow() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { record: order, fallback } = useDetail<AdminOrderDetail>('orders');
  const canRefund = useCan({ resource: 'orders', action: 'refund' }).data?.can;
  const [refunding, setRefunding] = useState(false);

  if (!order) return fallback;

  const refundable = order.lines.some((l) => l.refundable > 0);
  const lineColumns: TableColumnsType<Line> = [
    {
      title: t('admin.orders.items'),
      key: 'title',
      render: (_, l) => (
        <>
          <div>
            {l.title}
            {l.priceOptionLabel && <span className="muted"> · {l.priceOptionLabel}</span>}
          </div>
          <div className="muted small">{l.store.name}</div>
        </>
      ),
    },
    { title: t('admin.orders.quantity'), dataIndex: 'quantity', align: 'right' },
    {
      title: t('admin.orders.unitPrice'),
      dataIndex: 'unitPrice',
      align: 'right',
      render: (n: number) => formatMoney(n),
    },
    { title: t('admin.orders.used'), dataIndex: 'used', align: 'right', responsive: ['md'] },
    { title: t('admin.orders.refundedUnits'), dataIndex: 'refunded', align: 'right', responsive: ['md'] },
    { title: t('admin.orders.refundable'), dataIndex: 'refundable', align: 'right' },
  ];
  const refundColumns: TableColumnsType<Refund> = [
    { title: t('admin.common.date'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, lang) },
    {
      title: t('admin.refund.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (n: number) => formatMoney(n),
    },
    {
      title: t('admin.orders.status'),
      dataIndex: 'status',
      render: (s: Refund['status']) => (
        <Tag color={{ pending: 'processing', succeeded: 'success', failed: 'error' }[s]}>
          {t(`admin.refund.statuses.${s}`)}
        </Tag>
      ),
    },
    { title: t('admin.common.reason'), dataIndex: 'reason' },
    {
      title: t('admin.refund.points'),
      key: 'points',
      align: 'right',
      render: (_, r) => (
        <>
          {formatNumber(r.pointsReversed)}
          {r.pointsShortfall > 0 && (
            <div className="muted small">{t('admin.refund.shortfall', { count: r.pointsShortfall })}</div>
          )}
        </>
      ),
    },
    {
      title: t('admin.refund.by'),
      dataIndex: 'staffEmail',
      render: (v: string | null) => v ?? t('admin.refund.automatic'),
    },
  ];

  return (
    <>
      <Link to="/orders">← {t('admin.orders.back')}</Link>
      <PageHeader
        title={t('admin.orders.title', { number: order.number })}
        extra={
          canRefund && (
            <Button danger type="primary" disabled={!refundable} onClick={() => setRefunding(true)}>
              {t('admin.refund.button')}
            </Button>
          )
        }
      >
        <div className="header-tags">
          <OrderStatusTag status={order.status} />
          <Link to={`/members/${order.memberId}`}>{order.memberEmail}</Link>
        </div>
      </PageHeader>
      <div className="detail-grid">
        <Card title={t('admin.orders.summary')}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('admin.common.date')}>
              {formatDateTime(order.createdAt, lang)}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.paidAt')}>
              {order.paidAt ? formatDateTime(order.paidAt, lang) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.subtotal')}>
              {formatMoney(order.subtotal)}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.discount')}>
              {order.discount ? `−${formatMoney(order.discount)}` : '—'}
              {order.coupon && <span className="muted"> ({order.coupon.code})</span>}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.total')}>
              <strong>{formatMoney(order.total)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.refundedTotal')}>
              {formatMoney(order.refunded)}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.pointsEarned')}>
              {formatNumber(order.pointsEarned)}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.payment')}>
              {order.payment
                ? `${order.payment.channelType} · ${order.payment.status} · ${order.payment.ref}`
                : '—'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('admin.orders.timeline')}>
          <Timeline
            items={order.timeline.map((e) => {
              const { what, move, facts } = timelineText(t, e);
              return {
                key: `${e.at}-${e.kind}-${e.to ?? ''}`,
                color: e.kind === 'refund' ? 'red' : e.kind === 'status' ? 'blue' : 'gray',
                content: (
                  <>
                    <div>
                      <strong>{what}</strong> {move}
                    </div>
                    <div className="muted small">
                      {formatDateTime(e.at, lang)}
                      {facts && ` · ${facts}`}
                    </div>
                  </>
                ),
              };
            })}
          />
        </Card>
      </div>
      <PartTable<Line> title={t('admin.orders.lines')} columns={lineColumns} rows={order.lines} />
      {order.refunds.length > 0 && (
        <PartTable<Refund> title={t('admin.orders.refunds')} columns={refundColumns} rows={order.refunds} />
      )}
      <RefundDialog
        open={refunding}
        order={order}
        onClose={() => setRefunding(false)}
        onDone={async (refund) => {
          void message.success(
            refund.status === 'succeeded'
              ? t('admin.refund.done', { amount: formatMoney(refund.amount) })
              : t(`admin.refund.${refund.status}`),
          );
          await queryClient.invalidateQueries();
        }}
      />
    </>
  );
}

/** A part of the order (its lines, its refunds) as a compact table in a card of its own, whole. */
function PartTable<T extends { id: string }>(props: {
  title: string;
  columns: TableColumnsType<T>;
  rows: T[];
}) {
  return (
    <Card title={props.title} className="block-gap">
      <Table<T>
        rowKey="id"
        size="small"
        pagination={false}
        columns={props.columns}
        dataSource={props.rows}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
