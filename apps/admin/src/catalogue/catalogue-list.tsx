import {
  BANNER_POSITIONS,
  CATALOGUE_STATUSES,
  type AdminBanner,
  type AdminCategory,
  type AdminCoupon,
  type AdminPrivilege,
  type AdminStore,
  type AdminVoucher,
  type CatalogueStatus,
} from '@app/contracts';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Form, Input, Space, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../api/client.ts';
import { errorText } from '../shared/error-text.ts';
import { FilterSelect } from '../shared/filter-fields.tsx';
import { formatDate, formatMoney, formatNumber } from '../shared/format.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { TierTag } from '../shared/labels.tsx';
import { ListTable } from '../shared/list-table.tsx';
import { useAdminTable } from '../shared/use-admin-table.ts';
import { CatalogueEditor } from './catalogue-editor.tsx';
import { catalogueApiPath, hasStatus, hasStore, type CatalogueKind } from './kinds.ts';
import { CatalogueStatusTag } from './status-tag.tsx';
import { CataloguePicker } from './catalogue-picker.tsx';
import { EDIT_CONFLICT, versionBody, type Versioned } from './edit-version.ts';
import { nameIn, useCatalogueNames } from './use-catalogue-options.ts';
import styles from './catalogue.module.css';

type AnyRow = Versioned & { id: string; status?: CatalogueStatus };
type StatusAction = 'publish' | 'unpublish' | 'archive';

/** One kind's list: search and filters, status, and the actions staff may take on each row. */
export function CatalogueList({ kind, canWrite }: { kind: CatalogueKind; canWrite: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const table = useAdminTable<AnyRow>(`catalogue/${kind}`);
  const stores = useCatalogueNames(
    'stores',
    hasStore(kind) ? table.rows.map((r) => (r as Partial<AdminVoucher>).storeId) : [],
  );
  const categories = useCatalogueNames(
    'categories',
    kind === 'stores' ? table.rows.map((r) => (r as Partial<AdminStore>).categoryId) : [],
  );
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const [filters] = Form.useForm();

  const refresh = async () => {
    await queryClient.invalidateQueries();
  };

  /**
   * Publish, unpublish or archive the row as staff last saw it (its version): someone else's save in
   * between is refused (409 edit_conflict) and the list reloads. `onConflict`: the editor says it instead.
   */
  const move = async (row: AnyRow, action: StatusAction, onConflict?: () => void): Promise<AnyRow | null> => {
    try {
      const saved = await api.post<AnyRow>(`${catalogueApiPath(kind, row.id)}/${action}`, versionBody(row));
      queryClient.setQueryData(['admin', 'catalogue', kind, 'one', row.id], saved);
      void message.success(t(`admin.catalogue.moved.${action}`));
      await refresh();
      return saved;
    } catch (e) {
      if (isApiError(e) && e.code === EDIT_CONFLICT) {
        if (onConflict) onConflict();
        else {
          void message.warning(t('admin.catalogue.conflict.listMoved'));
          await refresh();
        }
      } else void message.error(errorText(t, e));
      return null;
    }
  };
  const confirmMove = (row: AnyRow, action: StatusAction, onConflict?: () => void) => {
    if (action === 'publish') return move(row, action, onConflict);
    return new Promise<AnyRow | null>((resolve) =>
      modal.confirm({
        title: t(`admin.catalogue.confirm.${action}Title`),
        content: t(`admin.catalogue.confirm.${action}Body`),
        okText: t(`admin.catalogue.${action}`),
        okButtonProps: { danger: action === 'archive' },
        cancelText: t('admin.common.cancel'),
        onOk: () => move(row, action, onConflict).then(resolve),
        onCancel: () => resolve(null),
      }),
    );
  };
  const remove = (row: AnyRow) =>
    modal.confirm({
      title: t('admin.catalogue.confirm.deleteTitle'),
      content: t('admin.catalogue.confirm.deleteBody'),
      okText: t('admin.catalogue.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admin.common.cancel'),
      onOk: async () => {
        try {
          await api.delete(catalogueApiPath(kind, row.id));
          void message.success(t('admin.catalogue.deleted'));
          await refresh();
        } catch (e) {
          void message.error(errorText(t, e));
        }
      },
    });

  const thumb = (url: string | undefined) =>
    url ? (
      <img src={url} alt="" className={styles.rowThumb} loading="lazy" />
    ) : (
      <span className={styles.rowThumb} />
    );
  const titled = (
    url: string | undefined,
    en: string | null,
    th: string | null,
    sub?: string,
    tag?: ReactNode,
  ) => (
    <div className={styles.rowTitle}>
      {thumb(url)}
      <div style={{ minWidth: 0 }}>
        <div>{nameIn(lang, en, th)}</div>
        {(sub || tag) && (
          <div className="muted small">
            {sub} {tag}
          </div>
        )}
      </div>
    </div>
  );
  const dates = (from: string | null, to: string | null) =>
    from || to
      ? `${formatDate(from, lang) || '…'} – ${to ? formatDate(to, lang) : t('admin.catalogue.open')}`
      : t('admin.catalogue.always');
  // Vouchers and privileges: the picture, title, store and minimum tier in one cell.
  const itemTitle = (width: number) => ({
    title: t('admin.catalogue.fields.title'),
    key: 'title',
    width,
    render: (_: unknown, v: AdminVoucher | AdminPrivilege) =>
      titled(
        v.imageUrls[0],
        v.titleEn,
        v.titleTh,
        stores.nameOf(v.storeId) ?? t('admin.catalogue.picker.gone'),
        v.tier ? <TierTag tier={v.tier} /> : undefined,
      ),
  });
  const datesColumn = <T,>(
    key: string,
    title: string,
    width: number,
    span: (row: T) => [string | null, string | null],
  ): TableColumnsType<T>[number] => ({ title, key, width, render: (_, row) => dates(...span(row)) });
  // How much of a limit is used: sold of stock, redeemed of stock, used of the coupon's total (∞: none).
  const usageColumn = <T,>(
    key: string,
    title: string,
    width: number,
    usage: (row: T) => [number, number | null],
  ): TableColumnsType<T>[number] => ({
    title,
    key,
    width,
    align: 'right',
    render: (_, row) => {
      const [used, of] = usage(row);
      return of === null ? `${formatNumber(used)} / ∞` : `${formatNumber(used)} / ${formatNumber(of)}`;
    },
  });

  const columns = {
    vouchers: [
      itemTitle(280),
      {
        title: t('admin.catalogue.fields.price'),
        key: 'price',
        width: 110,
        align: 'right',
        render: (_, v) =>
          v.priceOptions.length > 1
            ? t('admin.catalogue.fromPrice', { price: formatMoney(v.price) })
            : formatMoney(v.price),
      },
      usageColumn<AdminVoucher>('stock', t('admin.catalogue.soldOfStock'), 120, (v) => [v.sold, v.stock]),
      datesColumn<AdminVoucher>('sale', t('admin.catalogue.onSale'), 190, (v) => [
        v.saleStartsAt,
        v.saleEndsAt,
      ]),
    ] satisfies TableColumnsType<AdminVoucher>,
    privileges: [
      itemTitle(320),
      {
        title: t('admin.catalogue.fields.pointsCost'),
        dataIndex: 'pointsCost',
        width: 120,
        align: 'right',
        render: (v: number) => formatNumber(v),
      },
      usageColumn<AdminPrivilege>('stock', t('admin.catalogue.redeemedOfStock'), 140, (v) => [
        v.redeemed,
        v.stock,
      ]),
      datesColumn<AdminPrivilege>('valid', t('admin.catalogue.valid'), 200, (v) => [
        v.validFrom,
        v.validUntil,
      ]),
    ] satisfies TableColumnsType<AdminPrivilege>,
    coupons: [
      {
        title: t('admin.catalogue.fields.code'),
        key: 'code',
        render: (_, c) => (
          <>
            <div className="mono">{c.code}</div>
            <div className="muted small">{nameIn(lang, c.titleEn, c.titleTh)}</div>
          </>
        ),
      },
      {
        title: t('admin.catalogue.discount'),
        key: 'discount',
        width: 150,
        render: (_, c) =>
          c.discountType === 'percent'
            ? `${c.discountValue}%${c.maxDiscount ? ` (≤ ${formatMoney(c.maxDiscount)})` : ''}`
            : formatMoney(c.discountValue),
      },
      {
        title: t('admin.catalogue.fields.minSpend'),
        dataIndex: 'minSpend',
        width: 120,
        align: 'right',
        render: (v: number) => (v ? formatMoney(v) : '—'),
      },
      usageColumn<AdminCoupon>('used', t('admin.catalogue.usedOfLimit'), 120, (c) => [
        c.usedCount,
        c.totalLimit,
      ]),
      datesColumn<AdminCoupon>('valid', t('admin.catalogue.valid'), 200, (c) => [c.startsAt, c.endsAt]),
    ] satisfies TableColumnsType<AdminCoupon>,
    banners: [
      {
        title: t('admin.catalogue.fields.title'),
        key: 'title',
        width: 320,
        render: (_, b) => titled(b.imageUrl, b.titleEn, b.titleTh, b.linkPath ?? undefined),
      },
      {
        title: t('admin.catalogue.fields.position'),
        dataIndex: 'position',
        width: 120,
        render: (v: AdminBanner['position']) => t(`admin.catalogue.positions.${v}`),
      },
      { title: t('admin.catalogue.fields.sortOrder'), dataIndex: 'sortOrder', width: 90, align: 'right' },
      datesColumn<AdminBanner>('when', t('admin.catalogue.shown'), 200, (b) => [b.startsAt, b.endsAt]),
    ] satisfies TableColumnsType<AdminBanner>,
    stores: [
      {
        title: t('admin.catalogue.fields.name'),
        key: 'name',
        width: 320,
        render: (_, s) => titled(s.logoUrl, s.nameEn, s.nameTh),
      },
      {
        title: t('admin.catalogue.fields.category'),
        dataIndex: 'categoryId',
        width: 200,
        render: (v: string) => categories.nameOf(v) ?? t('admin.catalogue.picker.gone'),
      },
      {
        title: t('admin.catalogue.createdAt'),
        dataIndex: 'createdAt',
        width: 130,
        render: (v: string) => formatDate(v, lang),
      },
    ] satisfies TableColumnsType<AdminStore>,
    categories: [
      {
        title: t('admin.catalogue.fields.name'),
        key: 'name',
        width: 320,
        render: (_, c) => titled(c.iconUrl, c.nameEn, c.nameTh),
      },
      {
        title: t('admin.catalogue.fields.slug'),
        dataIndex: 'slug',
        width: 200,
        render: (v: string) => <span className="mono">{v}</span>,
      },
      { title: t('admin.catalogue.fields.sortOrder'), dataIndex: 'sortOrder', width: 100, align: 'right' },
    ] satisfies TableColumnsType<AdminCategory>,
  }[kind] as TableColumnsType<AnyRow>;

  const statusColumn: TableColumnsType<AnyRow> = hasStatus(kind)
    ? [
        {
          title: t('admin.catalogue.statusLabel'),
          dataIndex: 'status',
          width: 120,
          responsive: ['md'],
          render: (v: CatalogueStatus) => <CatalogueStatusTag status={v} />,
        },
      ]
    : [];

  // On a phone the status column is dropped and the tag goes under the title instead.
  const withPhoneStatus = (col: TableColumnsType<AnyRow>[number]): TableColumnsType<AnyRow>[number] => {
    if (!hasStatus(kind) || !('render' in col) || !col.render) return col;
    const render = col.render;
    return {
      ...col,
      render: (value, row, index) => (
        <>
          {render(value, row, index) as ReactNode}
          {row.status && (
            <div className={styles.phoneOnly}>
              <CatalogueStatusTag status={row.status} />
            </div>
          )}
        </>
      ),
    };
  };

  const actionColumn: TableColumnsType<AnyRow> = [
    {
      title: <span className="sr-only">{t('admin.common.actions')}</span>,
      key: 'actions',
      fixed: 'right',
      width: canWrite ? 140 : 90,
      render: (_, row) => {
        const items = [
          ...(row.status === 'draft' ? [{ key: 'publish', label: t('admin.catalogue.publish') }] : []),
          ...(row.status === 'published'
            ? [{ key: 'unpublish', label: t('admin.catalogue.unpublish') }]
            : []),
          ...(row.status && row.status !== 'archived'
            ? [{ key: 'archive', label: t('admin.catalogue.archive'), danger: true }]
            : []),
          ...(row.status === 'archived' ? [{ key: 'unpublish', label: t('admin.catalogue.restore') }] : []),
          ...(!hasStatus(kind) ? [{ key: 'delete', label: t('admin.catalogue.delete'), danger: true }] : []),
        ];
        return (
          <Space size={4}>
            <Button size="small" onClick={() => setEditing(row.id)}>
              {canWrite ? t('admin.catalogue.edit') : t('admin.catalogue.view')}
            </Button>
            {canWrite && items.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items,
                  onClick: ({ key }) => {
                    if (key === 'delete') remove(row);
                    else void confirmMove(row, key as StatusAction);
                  },
                }}
              >
                <Button size="small" icon={<MoreOutlined />} aria-label={t('admin.common.actions')} />
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card>
      <div className={styles.toolbar}>
        <Form
          form={filters}
          // Its own prefix for the controls' ids: the editor's form beside it has fields of the same names.
          name={`filters-${kind}`}
          layout="vertical"
          className={styles.filters}
          onFinish={(v: Record<string, unknown>) => table.search(v)}
          // A picked filter applies at once; the text waits for Enter or the search button.
          onValuesChange={(changed: Record<string, unknown>) => {
            if (!('q' in changed)) filters.submit();
          }}
          aria-label={t('admin.catalogue.filters')}
        >
          <Form.Item name="q">
            <Input.Search
              allowClear
              enterButton={t('admin.common.search')}
              placeholder={t(`admin.catalogue.searchPlaceholder.${kind}`)}
              aria-label={t(`admin.catalogue.searchPlaceholder.${kind}`)}
              onSearch={() => filters.submit()}
            />
          </Form.Item>
          {hasStatus(kind) && (
            <FilterSelect
              name="status"
              label={t('admin.catalogue.statusLabel')}
              labelHidden
              placeholder={t('admin.catalogue.anyStatus')}
              values={CATALOGUE_STATUSES}
              labelKey="admin.catalogue.status"
            />
          )}
          {hasStore(kind) && (
            <PickerFilter
              name="storeId"
              list="stores"
              label={t('admin.catalogue.fields.store')}
              placeholder={t('admin.catalogue.anyStore')}
            />
          )}
          {(hasStore(kind) || kind === 'stores') && (
            <PickerFilter
              name="categoryId"
              list="categories"
              label={t('admin.catalogue.fields.category')}
              placeholder={t('admin.catalogue.anyCategory')}
            />
          )}
          {kind === 'banners' && (
            <FilterSelect
              name="position"
              label={t('admin.catalogue.fields.position')}
              labelHidden
              placeholder={t('admin.catalogue.anyPosition')}
              values={BANNER_POSITIONS}
              labelKey="admin.catalogue.positions"
            />
          )}
        </Form>
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t(`admin.catalogue.new.${kind}`)}
          </Button>
        )}
      </div>
      <ListTable<AnyRow>
        error={table.error}
        columns={[withPhoneStatus(columns[0]!), ...statusColumn, ...columns.slice(1), ...actionColumn]}
        dataSource={table.rows}
        loading={table.loading}
        pagination={table.pagination}
        empty={t('admin.catalogue.none')}
      />
      <CatalogueEditor
        kind={kind}
        target={editing}
        canWrite={canWrite}
        onClose={() => setEditing(null)}
        onStatus={(row, action, onConflict) => confirmMove(row, action, onConflict)}
      />
    </Card>
  );
}

/** A filter that picks one store or category by name (searched on the server); empty: any. */
function PickerFilter(props: {
  name: string;
  list: 'stores' | 'categories';
  label: string;
  placeholder: string;
}) {
  return (
    <Form.Item name={props.name}>
      <CataloguePicker
        kind={props.list}
        allowClear
        aria-label={props.label}
        placeholder={props.placeholder}
        className={styles.filterPicker}
      />
    </Form.Item>
  );
}
