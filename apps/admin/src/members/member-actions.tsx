import { Form, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../shared/format.ts';
import { ReasonDialog } from '../shared/reason-dialog.tsx';
import { WholeNumberItem } from '../shared/whole-number-item.tsx';

type PointsForm = { direction: 'add' | 'take'; amount: number; reason: string };

/**
 * Adjust points: add or take (a ledger entry of its own, never an edit), with a reason. The summary
 * shows the balance before and after as it is typed. One Idempotency-Key per opening: a double click or
 * a retry after a lost answer makes one adjustment.
 */
export function AdjustPointsDialog(props: {
  open: boolean;
  name: string;
  balance: number;
  onClose: () => void;
  onSubmit: (values: { points: number; reason: string }, idempotencyKey: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [key, setKey] = useState(() => crypto.randomUUID());
  return (
    <ReasonDialog<PointsForm>
      open={props.open}
      title={t('admin.members.adjustPointsTitle', { name: props.name })}
      consequence={t('admin.members.adjustPointsWhat')}
      okText={t('admin.members.adjustPointsOk')}
      initialValues={{ direction: 'add' }}
      onClose={() => {
        setKey(crypto.randomUUID());
        props.onClose();
      }}
      onSubmit={async (v) => {
        await props.onSubmit(
          { points: v.direction === 'take' ? -v.amount : v.amount, reason: v.reason.trim() },
          key,
        );
        setKey(crypto.randomUUID());
      }}
      summary={(v) => {
        if (!v.amount) return t('admin.members.balanceNow', { balance: formatNumber(props.balance) });
        const after = props.balance + (v.direction === 'take' ? -v.amount : v.amount);
        return t(v.direction === 'take' ? 'admin.members.summaryTake' : 'admin.members.summaryAdd', {
          points: formatNumber(v.amount),
          before: formatNumber(props.balance),
          after: formatNumber(after),
        });
      }}
    >
      <Form.Item name="direction" label={t('admin.members.direction')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'add', label: t('admin.members.add') },
            { value: 'take', label: t('admin.members.take') },
          ]}
        />
      </Form.Item>
      <WholeNumberItem
        name="amount"
        label={t('admin.members.pointsAmount')}
        min={1}
        max={1_000_000}
        message={t('admin.members.pointsInvalid')}
      />
    </ReasonDialog>
  );
}

type AccessKind = 'block' | 'unblock' | 'sessions';

/** Block, unblock or end sessions: each says what it does, each with a reason. */
export function AccessDialog(props: {
  kind: AccessKind | null;
  name: string;
  sessions: number;
  onClose: () => void;
  onSubmit: (kind: AccessKind, values: { reason: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const kind = props.kind ?? 'block';
  const texts = {
    block: {
      title: 'admin.members.blockTitle',
      what: 'admin.members.blockWhat',
      ok: 'admin.members.blockOk',
    },
    unblock: {
      title: 'admin.members.unblockTitle',
      what: 'admin.members.unblockWhat',
      ok: 'admin.members.unblockOk',
    },
    sessions: {
      title: 'admin.members.endSessionsTitle',
      what: 'admin.members.endSessionsWhat',
      ok: 'admin.members.endSessionsOk',
    },
  }[kind];
  return (
    <ReasonDialog<{ reason: string }>
      key={kind}
      open={props.kind !== null}
      title={t(texts.title, { name: props.name })}
      consequence={t(texts.what, { name: props.name, count: props.sessions })}
      okText={t(texts.ok)}
      danger={kind !== 'unblock'}
      onClose={props.onClose}
      onSubmit={(v) => props.onSubmit(kind, { reason: v.reason.trim() })}
    />
  );
}
