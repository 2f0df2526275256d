import type { Campaign, CampaignStatus } from '@app/contracts';
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Progress, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueNames } from '../catalogue/use-catalogue-options.ts';
import { errorText } from '../shared/error-text.ts';
import { formatDateTime, formatNumber } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { CampaignComposer } from './campaign-composer.tsx';
import { useLinkTitles } from './campaign-link.ts';
import { segmentText } from './segment-text.ts';
import { CAMPAIGN_PAGE, useCampaignAction, useCampaigns } from './use-campaigns.ts';
import styles from './campaigns.module.css';

const STATUS_COLOURS: Record<CampaignStatus, string> = {
  draft: 'default',
  scheduled: 'blue',
  sending: 'processing',
  sent: 'success',
  cancelled: 'default',
};

/** Campaign messages: the list with each one's progress and counts, compose, cancel a scheduled one. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { modal, message } = App.useApp();
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const list = useCampaigns(page);
  const action = useCampaignAction();
  const rows = list.data?.items ?? [];
  const stores = useCatalogueNames(
    'stores',
    rows.map((c) => (c.segment.kind === 'store' ? c.segment.storeId : null)),
  );
  const links = useLinkTitles(rows.map((c) => c.link));

  const run = (c: Campaign, kind: 'cancel' | 'send') =>
    modal.confirm({
      title: t(kind === 'cancel' ? 'admin.campaigns.cancelTitle' : 'admin.campaigns.confirmSendTitle'),
      content: t(kind === 'cancel' ? 'admin.campaigns.cancelBody' : 'admin.campaigns.sendDraftBody', {
        title: lang === 'th' ? c.title.th : c.title.en,
      }),
      okText: t(kind === 'cancel' ? 'admin.campaigns.cancelOk' : 'admin.campaigns.sendNow'),
      okButtonProps: { danger: kind === 'cancel' },
      cancelText: t('admin.campaigns.keep'),
      onOk: async () => {
        try {
          await action.mutateAsync({ id: c.id, action: kind });
          void message.success(
            t(kind === 'cancel' ? 'admin.campaigns.cancelled' : 'admin.campaigns.sending'),
          );
        } catch (e) {
          void message.error(errorText(t, e));
        }
      },
    });

  const columns: TableColumnsType<Campaign> = [
    {
      title: t('admin.campaigns.message'),
      key: 'title',
      width: 250,
      render: (_, c) => (
        <>
          <div>{lang === 'th' ? c.title.th : c.title.en}</div>
          <Typography.Text
            type="secondary"
            className="small"
            ellipsis={{ tooltip: true }}
            style={{ maxWidth: 240 }}
          >
            {lang === 'th' ? c.body.th : c.body.en}
          </Typography.Text>
          {c.link && (
            <Typography.Text
              className={`small ${styles.opens}`}
              ellipsis={{ tooltip: true }}
              style={{ maxWidth: 240, display: 'block' }}
            >
              <LinkOutlined aria-hidden="true" /> {links.text(t, c.link)}
            </Typography.Text>
          )}
          {c.email && (
            <div>
              <Tag className="small">{t('admin.campaigns.withEmail')}</Tag>
            </div>
          )}
        </>
      ),
    },
    {
      title: t('admin.campaigns.who'),
      key: 'segment',
      width: 170,
      render: (_, c) =>
        segmentText(t, c.segment, (id) => stores.nameOf(id) ?? t('admin.catalogue.picker.gone')),
    },
    {
      title: t('admin.campaigns.statusLabel'),
      dataIndex: 'status',
      width: 110,
      render: (s: CampaignStatus) => <Tag color={STATUS_COLOURS[s]}>{t(`admin.campaigns.status.${s}`)}</Tag>,
    },
    {
      title: t('admin.campaigns.progress'),
      key: 'progress',
      width: 190,
      render: (_, c) => {
        if (c.status === 'draft' || c.status === 'scheduled' || (c.status === 'cancelled' && !c.startedAt))
          return <span className="muted">—</span>;
        const done = c.delivered + c.skipped;
        const percent = c.recipients ? Math.floor((done / c.recipients) * 100) : 100;
        return (
          <div className={styles.progress}>
            <Progress percent={percent} size="small" status={c.status === 'sending' ? 'active' : undefined} />
            <div className={styles.counts}>
              {t('admin.campaigns.delivered', {
                delivered: formatNumber(c.delivered),
                recipients: formatNumber(c.recipients),
              })}
              {c.skipped > 0 && ` · ${t('admin.campaigns.skipped', { n: formatNumber(c.skipped) })}`}
              {c.email &&
                ` · ${t('admin.campaigns.emails', { sent: formatNumber(c.emailsSent), failed: formatNumber(c.emailsFailed) })}`}
            </div>
          </div>
        );
      },
    },
    {
      title: t('admin.campaigns.when'),
      key: 'when',
      width: 180,
      render: (_, c) => {
        const [key, at] =
          c.status === 'scheduled'
            ? ['admin.campaigns.for', c.scheduledAt]
            : c.status === 'cancelled'
              ? ['admin.campaigns.cancelledAt', c.cancelledAt]
              : c.finishedAt
                ? ['admin.campaigns.finishedAt', c.finishedAt]
                : c.startedAt
                  ? ['admin.campaigns.startedAt', c.startedAt]
                  : ['admin.campaigns.writtenAt', c.createdAt];
        return (
          <>
            <div className="small muted">{t(key)}</div>
            <div>{formatDateTime(at, lang)}</div>
            <Typography.Text type="secondary" className="small" ellipsis style={{ maxWidth: 170 }}>
              {t('admin.campaigns.byWho', { who: c.createdBy })}
            </Typography.Text>
          </>
        );
      },
    },
    {
      title: <span className="sr-only">{t('admin.common.actions')}</span>,
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, c) =>
        c.status === 'scheduled' || c.status === 'draft' ? (
          <div className="tag-stack">
            {c.status === 'draft' && (
              <Button size="small" onClick={() => run(c, 'send')}>
                {t('admin.campaigns.sendNow')}
              </Button>
            )}
            <Button size="small" danger onClick={() => run(c, 'cancel')}>
              {t('admin.campaigns.cancelOk')}
            </Button>
          </div>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.nav.campaigns')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)}>
            {t('admin.campaigns.new')}
          </Button>
        }
      >
        <span className="muted">{t('admin.campaigns.intro')}</span>
      </PageHeader>
      <Card>
        {list.error && (
          <Alert type="error" showIcon title={errorText(t, list.error)} className="block-gap-bottom" />
        )}
        <Table<Campaign>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isLoading}
          scroll={{ x: 'max-content' }}
          size="middle"
          locale={{ emptyText: t('admin.campaigns.none') }}
          pagination={{
            current: page,
            pageSize: CAMPAIGN_PAGE,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </Card>
      <CampaignComposer open={composing} onClose={() => setComposing(false)} />
    </>
  );
}
