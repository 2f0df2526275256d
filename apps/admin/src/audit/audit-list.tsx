import type { AuditEntry, AuditPage, Staff } from '@app/contracts';
import { useCan, useList } from '@refinedev/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { DaysFilter, FilterSelect, SearchItem } from '../shared/filter-fields.tsx';
import { formatDateTime } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { useMoreFilters } from '../shared/more-filters.tsx';
import { ListTable } from '../shared/list-table.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { AuditChange } from './audit-change.tsx';

/** The actions the API writes (modules/admin/**): offered in the filter, any other may be typed. */
export const AUDIT_ACTIONS = [
  'member.points.adjust',
  'member.block',
  'member.unblock',
  'member.sessions.end',
  'order.refund',
  'staff.create',
  'staff.update',
  'staff.sessions_end',
  'staff.second_factor_reset',
  'staff.sign_in',
  'staff.sign_in_enrolled',
  'staff.sign_out',
  'staff.owner_restore',
  'rules.update',
  'campaign.create',
  'campaign.schedule',
  'campaign.send',
  'campaign.cancel',
  'catalogue.image.upload',
];
const ENTITY_TYPES = ['member', 'order', 'staff', 'staff_session', 'programme_rules'];

type Filters = {
  staffId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  q?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** A picked day as the start of that day in Bangkok (the programme's days). */
const bangkokDayStart = (d: Dayjs) => `${d.format('YYYY-MM-DD')}T00:00:00+07:00`;

export const actionLabel = (t: (k: string, o?: Record<string, unknown>) => string, action: string) =>
  t(`admin.audit.actions.${action.replaceAll('.', '_')}`, { defaultValue: action });

export function AuditList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [query, setQuery] = useState<Record<string, string | undefined>>({});
  const more = useMoreFilters();
  // Naming staff needs the staff list (owners); others filter by the e-mail in the text search.
  const canListStaff = useCan({ resource: 'staff', action: 'list' }).data?.can ?? false;
  const staff = useList<Staff>({
    resource: 'staff',
    pagination: { mode: 'off' },
    queryOptions: { enabled: canListStaff },
  });

  const pages = useInfiniteQuery({
    queryKey: ['audit', query],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditPage>('/audit', { ...query, limit: 50, cursor: pageParam }, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = pages.data?.pages.flatMap((p) => p.items) ?? [];

  const apply = (v: Filters) => {
    const [from, to] = v.range ?? [];
    setQuery({
      staffId: v.staffId,
      action: v.action?.trim() || undefined,
      entityType: v.entityType,
      entityId: v.entityId?.trim() || undefined,
      q: v.q?.trim() || undefined,
      from: from ? bangkokDayStart(from) : undefined,
      // The whole last day: up to the start of the next.
      to: to ? bangkokDayStart(to.add(1, 'day')) : undefined,
    });
  };

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: t('admin.audit.when'),
      dataIndex: 'at',
      width: 150,
      render: (v: string) => formatDateTime(v, lang),
    },
    {
      title: t('admin.audit.who'),
      dataIndex: 'staffEmail',
      width: 220,
      responsive: ['md'],
      ellipsis: true,
      render: (v: string, e) => (e.staffId ? v : <span className="muted">{t('admin.audit.system')}</span>),
    },
    {
      title: t('admin.audit.action'),
      dataIndex: 'action',
      width: 200,
      render: (v: string) => actionLabel(t, v),
    },
    {
      title: t('admin.audit.entity'),
      key: 'entity',
      width: 200,
      responsive: ['md'],
      render: (_, e) => (
        <>
          <div>{t(`admin.audit.entities.${e.entityType}`, { defaultValue: e.entityType })}</div>
          {e.entityId && <div className="muted small mono">{e.entityId}</div>}
        </>
      ),
    },
    { title: t('admin.common.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
  ];

  return (
    <>
      <PageHeader title={t('admin.nav.audit')}>
        <span className="muted">{t('admin.audit.intro')}</span>
      </PageHeader>
      <Card>
        <Form layout="vertical" onFinish={apply} className="filter-grid">
          <Form.Item name="q" label={t('admin.audit.text')}>
            <Input allowClear maxLength={100} placeholder={t('admin.audit.textPlaceholder')} />
          </Form.Item>
          {more.shown && (
            <>
              {canListStaff && (
                <FilterSelect
                  name="staffId"
                  label={t('admin.audit.who')}
                  placeholder={t('admin.audit.anyone')}
                  options={staff.result.data.map((s) => ({ value: s.id, label: `${s.name} (${s.email})` }))}
                  searchable
                />
              )}
              <FilterSelect
                name="action"
                label={t('admin.audit.action')}
                placeholder={t('admin.audit.anyAction')}
                options={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(t, a) }))}
              />
              <FilterSelect
                name="entityType"
                label={t('admin.audit.entity')}
                placeholder={t('admin.audit.anyEntity')}
                options={ENTITY_TYPES.map((e) => ({ value: e, label: t(`admin.audit.entities.${e}`) }))}
              />
              <Form.Item name="entityId" label={t('admin.audit.entityId')}>
                <Input allowClear maxLength={100} />
              </Form.Item>
              <DaysFilter />
            </>
          )}
          <SearchItem className="filter-submit" />
        </Form>
        {more.toggle}
        <ListTable<AuditEntry>
          error={pages.error}
          columns={columns}
          dataSource={rows}
          loading={pages.isFetching && !pages.isFetchingNextPage}
          pagination={false}
          scroll={{ x: 960 }}
          expandable={{
            expandedRowRender: (e) => <AuditChange entry={e} />,
            rowExpandable: (e) => e.before !== null || e.after !== null,
          }}
          empty={t('admin.audit.none')}
        />
        {pages.hasNextPage && (
          <div className="load-more">
            <Button onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              {t('admin.common.loadMore')}
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}
