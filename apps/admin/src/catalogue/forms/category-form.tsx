import type { AdminCategory } from '@app/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bilingual, textOrNull } from '../form-parts.tsx';
import styles from '../catalogue.module.css';
import { PictureItem, SortOrderItem } from './common-fields.tsx';
import type { KindForm } from './kind-form.ts';

export type CategoryValues = {
  slug: string;
  nameEn?: string;
  nameTh: string;
  iconFile: string | null;
  sortOrder: number;
};

export const categoryForm: KindForm<AdminCategory, CategoryValues> = {
  empty: () => ({ sortOrder: 0, iconFile: null }),
  fromView: (v) => ({
    slug: v.slug,
    nameEn: v.nameEn ?? '',
    nameTh: v.nameTh ?? '',
    iconFile: v.iconFile,
    sortOrder: v.sortOrder,
  }),
  toBody: (f) => ({
    slug: f.slug.trim(),
    nameEn: textOrNull(f.nameEn),
    nameTh: f.nameTh,
    iconFile: f.iconFile,
    sortOrder: f.sortOrder ?? 0,
  }),
  urls: (v) => (v ? new Map([[v.iconFile, v.iconUrl]]) : new Map()),
  collapse: [],
  Fields: ({ urls }) => <CategoryFields urls={urls} />,
};

function CategoryFields({ urls }: { urls: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <Bilingual name="name" label={t('admin.catalogue.fields.name')} thRequired />
      <div className={styles.grid2}>
        <Form.Item
          name="slug"
          label={t('admin.catalogue.fields.slug')}
          extra={t('admin.catalogue.fields.slugHint')}
          rules={[
            {
              required: true,
              pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/,
              max: 60,
              message: t('admin.catalogue.fields.slugInvalid'),
            },
          ]}
        >
          <Input maxLength={60} className="mono" />
        </Form.Item>
        <SortOrderItem />
      </div>
      <PictureItem name="iconFile" label={t('admin.catalogue.fields.icon')} kind="categories" urls={urls} />
    </>
  );
}
