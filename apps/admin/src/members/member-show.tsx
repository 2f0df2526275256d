import type { AdminMemberDetail, MemberAccess, PointsAdjustment } from '@app/contracts';
import { useCan } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../api/client.ts';
import { formatDate, formatDateTime, formatNumber } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { BlockedTag, TierTag } from '../shared/labels.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { useDetail } from '../shared/use-detail.tsx';
import { AccessDialog, AdjustPointsDialog } from './member-actions.tsx';
import { MemberLedger, MemberNotifications, MemberOrders, MemberWallet } from './member-tabs.tsx';

const fullName = (m: AdminMemberDetail) =>
  [m.profile.firstName, m.profile.lastName].filter(Boolean).join(' ');

type Dialog = null | 'points' | 'block' | 'unblock' | 'sessions';

export function MemberShow() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { id, record: member, fallback } = useDetail<AdminMemberDetail>('members');
  const canPoints = useCan({ resource: 'members', action: 'points' }).data?.can;
  const canAccess = useCan({ resource: 'members', action: 'access' }).data?.can;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tab, setTab] = useState('profile');

  // Every list of this member may have changed (ledger, balance, sessions): refetch what is shown.
  const refresh = () => queryClient.invalidateQueries();

  if (!member) return fallback;

  const name = fullName(member) || member.profile.email;
  const phone = member.profile.phoneNumber
    ? `${member.profile.phoneCode ?? ''} ${member.profile.phoneNumber}`.trim()
    : '—';

  return (
    <>
      <Link to="/members">← {t('admin.members.back')}</Link>
      <PageHeader
        title={name}
        extra={
          <>
            {canPoints && (
              <Button type="primary" onClick={() => setDialog('points')}>
                {t('admin.members.adjustPoints')}
              </Button>
            )}
            {canAccess &&
              (member.blocked ? (
                <Button onClick={() => setDialog('unblock')}>{t('admin.members.unblock')}</Button>
              ) : (
                <Button danger onClick={() => setDialog('block')}>
                  {t('admin.members.block')}
                </Button>
              ))}
            {canAccess && (
              <Button onClick={() => setDialog('sessions')} disabled={member.activeSessions === 0}>
                {t('admin.members.endSessions')}
              </Button>
            )}
          </>
        }
      >
        <div className="header-tags">
          <span className="muted">{member.profile.email}</span>
          <TierTag tier={member.tier} />
          <BlockedTag blocked={!!member.blocked} />
        </div>
      </PageHeader>

      {member.blocked && (
        <Alert
          type="warning"
          showIcon
          className="block-gap-bottom"
          title={t('admin.members.blockedSince', { date: formatDateTime(member.blocked.at, lang) })}
          description={t('admin.members.blockedReason', { reason: member.blocked.reason })}
        />
      )}

      <Card>
        <Tabs
          className="wrap-tabs"
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'profile',
              label: t('admin.members.tabs.profile'),
              children: (
                <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
                  <Descriptions.Item label={t('admin.members.points')}>
                    <strong data-testid="points-balance">{formatNumber(member.points.balance)}</strong>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.members.earnedInWindow')}>
                    {formatNumber(member.points.earnedInWindow)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.members.email')}>
                    {member.profile.email}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.members.phone')}>{phone}</Descriptions.Item>
                  <Descriptions.Item label={t('admin.members.name')}>
                    {fullName(member) || '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.members.dateOfBirth')}>
                    {member.profile.dateOfBirth ? formatDate(member.profile.dateOfBirth, lang) : '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.members.language')}>
                    {t(`admin.languages.${member.language}`)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.members.profileStatus')}>
                    {t(`admin.members.profile.${member.profile.profileStatus}`)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.members.joined')}>
                    {formatDate(member.createdAt, lang)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.members.activeSessions')}>
                    {formatNumber(member.activeSessions)}
                  </Descriptions.Item>
                </Descriptions>
              ),
            },
            {
              key: 'orders',
              label: t('admin.members.tabs.orders'),
              children: <MemberOrders memberId={id} />,
            },
            {
              key: 'wallet',
              label: t('admin.members.tabs.wallet'),
              children: <MemberWallet memberId={id} />,
            },
            {
              key: 'ledger',
              label: t('admin.members.tabs.ledger'),
              children: <MemberLedger memberId={id} />,
            },
            {
              key: 'notifications',
              label: t('admin.members.tabs.notifications'),
              children: <MemberNotifications memberId={id} />,
            },
          ]}
        />
      </Card>

      <AdjustPointsDialog
        open={dialog === 'points'}
        name={name}
        balance={member.points.balance}
        onClose={() => setDialog(null)}
        onSubmit={async (values, key) => {
          const done = await api.post<PointsAdjustment>(`/members/${id}/points-adjustments`, values, {
            'Idempotency-Key': key,
          });
          void message.success(
            t('admin.members.pointsDone', {
              points: formatNumber(Math.abs(done.points)),
              balance: formatNumber(done.balanceAfter),
            }),
          );
          setTab('ledger');
          await refresh();
        }}
      />
      <AccessDialog
        kind={dialog === 'block' || dialog === 'unblock' || dialog === 'sessions' ? dialog : null}
        name={name}
        sessions={member.activeSessions}
        onClose={() => setDialog(null)}
        onSubmit={async (kind, values) => {
          const path = kind === 'sessions' ? 'sessions/end' : kind;
          const done = await api.post<MemberAccess>(`/members/${id}/${path}`, values);
          void message.success(
            kind === 'sessions'
              ? t('admin.members.sessionsDone', { count: done.sessionsEnded })
              : t(kind === 'block' ? 'admin.members.blockDone' : 'admin.members.unblockDone'),
          );
          await refresh();
        }}
      />
    </>
  );
}
