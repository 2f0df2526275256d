import { TIERS } from '@app/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bilingual } from '../form-parts.tsx';
import { CataloguePicker } from '../catalogue-picker.tsx';
import { ImageField } from '../image-field.tsx';
import styles from '../catalogue.module.css';
import { CategoryItem } from './common-fields.tsx';

/** What vouchers and privileges share: store, category, texts, terms, pictures and minimum tier. */
export function ItemBasics({ mediaKind, urls }: { mediaKind: string; urls: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.grid3}>
        <Form.Item
          name="storeId"
          label={t('admin.catalogue.fields.store')}
          rules={[{ required: true, message: t('admin.catalogue.pickStore') }]}
        >
          <CataloguePicker kind="stores" />
        </Form.Item>
        <CategoryItem />
        <Form.Item
          name="tier"
          label={t('admin.catalogue.fields.tier')}
          extra={t('admin.catalogue.fields.tierHint')}
        >
          <Select
            allowClear
            placeholder={t('admin.catalogue.everyone')}
            options={TIERS.map((tier) => ({ value: tier, label: t(`admin.tiers.${tier}`) }))}
          />
        </Form.Item>
      </div>
      <Bilingual name="title" label={t('admin.catalogue.fields.title')} thRequired />
      <Bilingual name="description" label={t('admin.catalogue.fields.description')} rows={3} max={5000} />
      <Bilingual
        name="terms"
        label={t('admin.catalogue.fields.terms')}
        rows={3}
        max={15000}
        hint={t('admin.catalogue.fields.termsHint')}
      />
      <Form.Item
        name="imageFiles"
        label={t('admin.catalogue.fields.images')}
        extra={t('admin.catalogue.fields.imagesHint')}
      >
        <ImageField
          kind={mediaKind}
          urls={urls}
          multiple
          max={10}
          label={t('admin.catalogue.fields.images')}
        />
      </Form.Item>
    </>
  );
}
