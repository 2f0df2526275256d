import { TIERS } from '@app/contracts';
import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bilingual } from '../form-parts.tsx';
import { CataloguePicker } from '../catalogue-picker.tsx';
import { ImageField } from '../image-field.tsx';
import styles from '../catalogue.module.css';
import { CategoryItem } from './common-fields.tsx';
import type { KindForm } from './kind-form.ts';
import {
  itemBasicsCollapse,
  itemBasicsFromView,
  itemBasicsToBody,
  itemBasicsUrls,
  type ItemBasicsValues,
  type ItemBasicsView,
} from './item-values.ts';

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

/**
 * A voucher's or a privilege's form: the basics both kinds share first (fields, values, pictures), then
 * the kind's own values and fields after them.
 */
export function itemKindForm<View extends ItemBasicsView, Own>(own: {
  mediaKind: string;
  empty: () => Partial<Own>;
  fromView: (view: View) => Own;
  toBody: (values: Own) => object;
  Fields: () => ReactNode;
}): KindForm<View, ItemBasicsValues & Own> {
  return {
    empty: () => ({ imageFiles: [], ...own.empty() }) as Partial<ItemBasicsValues & Own>,
    fromView: (v) => ({ ...itemBasicsFromView(v), ...own.fromView(v) }),
    toBody: (f) => ({ ...itemBasicsToBody(f), ...own.toBody(f) }),
    urls: itemBasicsUrls,
    collapse: itemBasicsCollapse,
    Fields: ({ urls }) => (
      <>
        <ItemBasics mediaKind={own.mediaKind} urls={urls} />
        <own.Fields />
      </>
    ),
  };
}
