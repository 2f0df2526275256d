import type { AdminVoucher } from '@app/contracts';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { nameIn } from './use-catalogue-options.ts';

type Page = { items: AdminVoucher[] };

/**
 * Vouchers a coupon is limited to: searched by title as staff type (the catalogue may hold thousands),
 * the ones already chosen read one by one so their titles show.
 */
export function VoucherPicker(props: { value?: string[]; onChange?: (v: string[]) => void; id?: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const found = useQuery({
    queryKey: ['admin', 'catalogue', 'voucher-search', search],
    queryFn: () => api.get<Page>('/catalogue/vouchers', { q: search || undefined, pageSize: 20 }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const chosen = useQueries({
    queries: (props.value ?? []).map((id) => ({
      queryKey: ['admin', 'catalogue', 'vouchers', 'one', id],
      queryFn: () => api.get<AdminVoucher>(`/catalogue/vouchers/${encodeURIComponent(id)}`),
      staleTime: 60_000,
    })),
  });
  const byId = new Map<string, AdminVoucher>();
  for (const v of found.data?.items ?? []) byId.set(v.id, v);
  for (const c of chosen) if (c.data) byId.set(c.data.id, c.data);
  const options = [...byId.values()].map((v) => ({ value: v.id, label: nameIn(lang, v.titleEn, v.titleTh) }));
  return (
    <Select
      id={props.id}
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      onSearch={setQ}
      loading={found.isFetching}
      value={props.value}
      onChange={(v: string[]) => props.onChange?.(v)}
      placeholder={t('admin.catalogue.everyVoucher')}
      notFoundContent={t('admin.catalogue.none')}
      options={options}
    />
  );
}
