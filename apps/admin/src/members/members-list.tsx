import type { AdminMemberRow } from '@app/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { BlockedTag, TierTag } from '../shared/labels.tsx';
import { ListTable } from '../shared/list-table.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { useAdminTable } from '../shared/use-admin-table.ts';

/** Members: search by e-mail, name, phone or order number; newest first without a search. */
export function MembersList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { rows, loading, error, pagination, search } = useAdminTable<AdminMemberRow>('members');
  // On a phone: who (name and e-mail in one cell), tier, points and sign-in; phone and joined from md up.
  const columns: TableColumnsType<AdminMemberRow> = [
    {
      title: t('admin.members.name'),
      key: 'name',
      render: (_, m) => (
        <>
          <Link to={`/members/${m.id}`}>{m.name ?? t('admin.members.noName')}</Link>
          <div className="muted small">{m.email}</div>
        </>
      ),
    },
    {
      title: t('admin.members.phone'),
      dataIndex: 'phone',
      responsive: ['md'],
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('admin.members.tier'),
      dataIndex: 'tier',
      render: (v: AdminMemberRow['tier']) => <TierTag tier={v} />,
    },
    {
      title: t('admin.members.points'),
      dataIndex: 'pointsBalance',
      align: 'right',
      render: (v: number) => formatNumber(v),
    },
    {
      title: t('admin.members.status'),
      dataIndex: 'blocked',
      render: (v: boolean) => <BlockedTag blocked={v} />,
    },
    {
      title: t('admin.members.joined'),
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (v: string) => formatDate(v, lang),
    },
  ];
  return (
    <>
      <PageHeader title={t('admin.nav.members')} />
      <Card>
        <Form
          layout="inline"
          onFinish={(v: { q?: string }) => search({ q: v.q?.trim() })}
          className="search-form"
        >
          <Form.Item name="q" className="search-field">
            <Input
              allowClear
              prefix={<SearchOutlined aria-hidden />}
              placeholder={t('admin.members.searchPlaceholder')}
              aria-label={t('admin.members.searchLabel')}
              maxLength={200}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('admin.common.search')}
          </Button>
        </Form>
        <ListTable<AdminMemberRow>
          error={error}
          columns={columns}
          dataSource={rows}
          loading={loading}
          pagination={pagination}
          empty={t('admin.members.none')}
        />
      </Card>
    </>
  );
}
