import type { ProgrammeRulesView } from '@app/contracts';
import { EditOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Grid,
  Skeleton,
  Statistic,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaff } from '../app/allowed.tsx';
import { staffCan } from '../app/providers.ts';
import { errorText } from '../shared/error-text.ts';
import { formatDateTime, formatMoney, formatNumber } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { TierTag } from '../shared/labels.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { RuleChanges } from './rule-changes.tsx';
import { diffRules } from './rules-diff.ts';
import { RulesForm } from './rules-form.tsx';
import { useRules } from './use-rules.ts';
import styles from './rules.module.css';

/** Programme rules: what is in force, the owner's edit, and every earlier version with its reason. */
export function RulesPage() {
  const canEdit = staffCan(useStaff(), 'rules.write');
  const { t } = useTranslation();
  const lang = currentLanguage();
  const rules = useRules();
  const [editing, setEditing] = useState(false);
  // On a phone the tiers and the history are stacked blocks rather than wide tables.
  const narrow = !Grid.useBreakpoint().md;
  const current = rules.data?.current;
  const history = rules.data?.history ?? [];

  const tierColumns: TableColumnsType<ProgrammeRulesView['tiers'][number]> = [
    { title: t('admin.rules.tier'), dataIndex: 'code', width: 120, render: (v) => <TierTag tier={v} /> },
    {
      title: t('admin.rules.pointsRequired'),
      dataIndex: 'pointsRequired',
      width: 150,
      align: 'right',
      render: (v: number) => formatNumber(v),
    },
    { title: t('admin.rules.unlocksEn'), key: 'en', render: (_, r) => <span lang="en">{r.unlocks.en}</span> },
    { title: t('admin.rules.unlocksTh'), key: 'th', render: (_, r) => <span lang="th">{r.unlocks.th}</span> },
  ];

  const historyColumns: TableColumnsType<ProgrammeRulesView> = [
    {
      title: t('admin.rules.when'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string, r) => (
        <>
          <div>{formatDateTime(v, lang)}</div>
          {r.id === current?.id && <div className="small points-plus">{t('admin.rules.inForce')}</div>}
        </>
      ),
    },
    {
      title: t('admin.rules.who'),
      dataIndex: 'changedBy',
      width: 200,
      ellipsis: true,
      render: (v: string | null) => v ?? <span className="muted">{t('admin.rules.startingRules')}</span>,
    },
    {
      title: t('admin.common.reason'),
      dataIndex: 'reason',
      width: 240,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('admin.rules.whatChanged'),
      key: 'changes',
      render: (_, r, i) => {
        const older = history[i + 1];
        return older ? (
          <RuleChanges changes={diffRules(older, r)} />
        ) : (
          <span className="muted">{t('admin.rules.firstVersion')}</span>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.nav.rules')}
        extra={
          canEdit && current ? (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('admin.rules.edit')}
            </Button>
          ) : undefined
        }
      >
        <span className="muted">{t('admin.rules.intro')}</span>
      </PageHeader>
      {rules.error && (
        <Alert type="error" showIcon title={errorText(t, rules.error)} className="block-gap-bottom" />
      )}
      {!current && rules.isLoading && <Skeleton active />}
      {current && (
        <>
          <Card title={t('admin.rules.inForceTitle')}>
            <div className={styles.figures}>
              <Statistic
                title={t('admin.rules.earnRate')}
                value={t('admin.rules.earnRateValue', { baht: formatMoney(current.bahtPerPoint) })}
              />
              <Statistic
                title={t('admin.rules.lifetime')}
                value={t('admin.rules.lifetimeValue', { count: current.pointsLifetimeMonths })}
              />
            </div>
            <Typography.Paragraph type="secondary" className={styles.since}>
              {current.changedBy
                ? t('admin.rules.sinceBy', {
                    date: formatDateTime(current.createdAt, lang),
                    who: current.changedBy,
                  })
                : t('admin.rules.since', { date: formatDateTime(current.createdAt, lang) })}
            </Typography.Paragraph>
            {narrow ? (
              <ul className={styles.stack}>
                {current.tiers.map((tier) => (
                  <li key={tier.code}>
                    <div className={styles.stackHead}>
                      <TierTag tier={tier.code} />
                      <span>{t('admin.rules.pointsValue', { n: formatNumber(tier.pointsRequired) })}</span>
                    </div>
                    <div lang="en">{tier.unlocks.en}</div>
                    <div lang="th">{tier.unlocks.th}</div>
                  </li>
                ))}
              </ul>
            ) : (
              <Table
                rowKey="code"
                className="block-gap"
                columns={tierColumns}
                dataSource={current.tiers}
                pagination={false}
                size="middle"
                scroll={{ x: 760 }}
              />
            )}
          </Card>
          <Card title={t('admin.rules.history')} className="block-gap">
            {narrow ? (
              <ul className={styles.stack}>
                {history.map((r, i) => (
                  <li key={r.id}>
                    <div className={styles.stackHead}>
                      <strong>{formatDateTime(r.createdAt, lang)}</strong>
                      {r.id === current.id && (
                        <span className="small points-plus">{t('admin.rules.inForce')}</span>
                      )}
                    </div>
                    <div className="muted small">{r.changedBy ?? t('admin.rules.startingRules')}</div>
                    {r.reason && <div>{r.reason}</div>}
                    {history[i + 1] ? (
                      <RuleChanges changes={diffRules(history[i + 1]!, r)} />
                    ) : (
                      <span className="muted">{t('admin.rules.firstVersion')}</span>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <Table<ProgrammeRulesView>
                rowKey="id"
                columns={historyColumns}
                dataSource={history}
                pagination={history.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                size="middle"
                scroll={{ x: 900 }}
              />
            )}
          </Card>
          {canEdit && <RulesForm open={editing} current={current} onClose={() => setEditing(false)} />}
        </>
      )}
    </>
  );
}
