import type { AdminOrderDetail, AdminRefund } from '@app/contracts';
import { Form, InputNumber, Radio, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { Refusal } from '../shared/error-text.ts';
import { formatMoney } from '../shared/format.ts';
import { ReasonDialog } from '../shared/reason-dialog.tsx';

type RefundForm = { scope: 'whole' | 'lines'; units?: Record<string, number | null>; reason: string };

/**
 * Refund a paid order: every unit not refunded yet, or chosen units per line (used units never). The
 * dialog names what happens — money back through the payment provider, vouchers voided, points taken
 * back, stock returned, the member told — and one Idempotency-Key per opening makes a retry safe.
 */
export function RefundDialog(props: {
  open: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (refund: AdminRefund) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const refundable = props.order.lines.filter((l) => l.refundable > 0);
  return (
    <ReasonDialog<RefundForm>
      open={props.open}
      title={t('admin.refund.title', { number: props.order.number })}
      consequence={t('admin.refund.what')}
      okText={t('admin.refund.ok')}
      danger
      initialValues={{ scope: 'whole' }}
      onClose={() => {
        setKey(crypto.randomUUID());
        props.onClose();
      }}
      onSubmit={async (v) => {
        const lines =
          v.scope === 'lines'
            ? Object.entries(v.units ?? {})
                .filter(([, q]) => (q ?? 0) > 0)
                .map(([itemId, quantity]) => ({ itemId, quantity: quantity as number }))
            : undefined;
        if (lines && lines.length === 0) throw new Refusal(t('admin.refund.pickUnits'));
        const refund = await api.post<AdminRefund>(
          `/orders/${props.order.id}/refunds`,
          { reason: v.reason.trim(), ...(lines ? { lines } : {}) },
          { 'Idempotency-Key': key },
        );
        setKey(crypto.randomUUID());
        await props.onDone(refund);
      }}
      summary={(v) => {
        const units =
          v.scope === 'lines'
            ? props.order.lines.reduce((n, l) => n + (v.units?.[l.id] ?? 0), 0)
            : refundable.reduce((n, l) => n + l.refundable, 0);
        return t('admin.refund.summary', { count: units });
      }}
    >
      <Form.Item name="scope" label={t('admin.refund.scope')}>
        <Radio.Group
          options={[
            { value: 'whole', label: t('admin.refund.whole') },
            { value: 'lines', label: t('admin.refund.byLine') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.scope !== b.scope}>
        {({ getFieldValue }) =>
          getFieldValue('scope') === 'lines' ? (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={refundable}
              className="refund-lines"
              columns={[
                { title: t('admin.orders.items'), dataIndex: 'title' },
                {
                  title: t('admin.orders.unitPrice'),
                  dataIndex: 'unitPrice',
                  align: 'right',
                  render: (n: number) => formatMoney(n),
                },
                {
                  title: t('admin.refund.units'),
                  key: 'units',
                  width: 130,
                  render: (_, l) => (
                    <Form.Item name={['units', l.id]} noStyle>
                      <InputNumber
                        min={0}
                        max={l.refundable}
                        precision={0}
                        aria-label={t('admin.refund.unitsOf', { title: l.title, max: l.refundable })}
                        addonAfter={`/ ${l.refundable}`}
                      />
                    </Form.Item>
                  ),
                },
              ]}
            />
          ) : (
            <Typography.Paragraph type="secondary">
              {t('admin.refund.wholeWhat', { amount: formatMoney(props.order.total - props.order.refunded) })}
            </Typography.Paragraph>
          )
        }
      </Form.Item>
    </ReasonDialog>
  );
}
