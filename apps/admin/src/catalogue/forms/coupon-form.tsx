import type { AdminCoupon } from '@app/contracts';
import { Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromInstant, toInstant } from '../datetime.ts';
import { Bilingual, DateTimeItem, NumberItem, orNull, Section, textOrNull } from '../form-parts.tsx';
import styles from '../catalogue.module.css';
import { CataloguePicker } from '../catalogue-picker.tsx';
import type { KindForm } from './kind-form.ts';

export type CouponValues = {
  code: string;
  titleEn?: string;
  titleTh: string;
  descriptionEn?: string;
  descriptionTh?: string;
  discountType: 'percent' | 'fixed';
  discountValue: number;
  maxDiscount?: number | null;
  minSpend?: number | null;
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
  totalLimit?: number | null;
  perMemberLimit?: number | null;
  storeIds: string[];
  voucherIds: string[];
};

export const couponForm: KindForm<AdminCoupon, CouponValues> = {
  empty: () => ({ discountType: 'percent', minSpend: 0, storeIds: [], voucherIds: [], perMemberLimit: 1 }),
  fromView: (v) => ({
    code: v.code,
    titleEn: v.titleEn ?? '',
    titleTh: v.titleTh ?? '',
    descriptionEn: v.descriptionEn ?? '',
    descriptionTh: v.descriptionTh ?? '',
    discountType: v.discountType,
    discountValue: v.discountValue,
    maxDiscount: v.maxDiscount,
    minSpend: v.minSpend,
    startsAt: fromInstant(v.startsAt),
    endsAt: fromInstant(v.endsAt),
    totalLimit: v.totalLimit,
    perMemberLimit: v.perMemberLimit,
    storeIds: v.storeIds,
    voucherIds: v.voucherIds,
  }),
  toBody: (f) => ({
    code: f.code.trim(),
    titleEn: textOrNull(f.titleEn),
    titleTh: f.titleTh,
    descriptionEn: textOrNull(f.descriptionEn),
    descriptionTh: textOrNull(f.descriptionTh),
    discountType: f.discountType,
    discountValue: f.discountValue,
    maxDiscount: f.discountType === 'percent' ? orNull(f.maxDiscount) : null,
    minSpend: f.minSpend ?? 0,
    startsAt: toInstant(f.startsAt),
    endsAt: toInstant(f.endsAt),
    totalLimit: orNull(f.totalLimit),
    perMemberLimit: orNull(f.perMemberLimit),
    storeIds: f.storeIds ?? [],
    voucherIds: f.voucherIds ?? [],
  }),
  urls: () => new Map(),
  collapse: ['storeIds', 'voucherIds'],
  Fields: () => <CouponFields />,
};

function CouponFields() {
  const { t } = useTranslation();
  const type = Form.useWatch<'percent' | 'fixed' | undefined>('discountType');
  return (
    <>
      <div className={styles.grid3}>
        <Form.Item
          name="code"
          label={t('admin.catalogue.fields.code')}
          extra={t('admin.catalogue.fields.codeHint')}
          normalize={(v: string) => v.toUpperCase()}
          rules={[
            {
              required: true,
              pattern: /^[A-Za-z0-9_-]{3,30}$/,
              message: t('admin.catalogue.fields.codeInvalid'),
            },
          ]}
        >
          <Input maxLength={30} className="mono" autoComplete="off" />
        </Form.Item>
      </div>
      <Bilingual name="title" label={t('admin.catalogue.fields.title')} thRequired />
      <Bilingual name="description" label={t('admin.catalogue.fields.description')} rows={2} max={5000} />
      <Section>{t('admin.catalogue.sections.discount')}</Section>
      <div className={styles.grid3}>
        <Form.Item
          name="discountType"
          label={t('admin.catalogue.fields.discountType')}
          rules={[{ required: true }]}
        >
          <Radio.Group
            optionType="button"
            options={[
              { value: 'percent', label: t('admin.catalogue.percent') },
              { value: 'fixed', label: t('admin.catalogue.fixed') },
            ]}
          />
        </Form.Item>
        <NumberItem
          name="discountValue"
          label={t('admin.catalogue.fields.discountValue')}
          min={1}
          max={type === 'percent' ? 100 : undefined}
          suffix={type === 'percent' ? '%' : undefined}
          prefix={type === 'fixed' ? '฿' : undefined}
        />
        {type === 'percent' && (
          <NumberItem
            name="maxDiscount"
            label={t('admin.catalogue.fields.maxDiscount')}
            min={1}
            optional
            prefix="฿"
            placeholder={t('admin.catalogue.noCap')}
          />
        )}
        <NumberItem
          name="minSpend"
          label={t('admin.catalogue.fields.minSpend')}
          prefix="฿"
          optional
          placeholder="0"
        />
      </div>
      <Section>{t('admin.catalogue.sections.when')}</Section>
      <div className={styles.grid3}>
        <DateTimeItem name="startsAt" label={t('admin.catalogue.fields.startsAt')} required />
        <DateTimeItem name="endsAt" label={t('admin.catalogue.fields.endsAt')} required />
      </div>
      <div className={styles.grid3}>
        <NumberItem name="totalLimit" label={t('admin.catalogue.fields.totalLimit')} min={1} optional />
        <NumberItem
          name="perMemberLimit"
          label={t('admin.catalogue.fields.perMemberLimit')}
          min={1}
          optional
        />
      </div>
      <Form.Item
        name="storeIds"
        label={t('admin.catalogue.fields.stores')}
        extra={t('admin.catalogue.fields.storesHint')}
      >
        <CataloguePicker kind="stores" multiple allowClear placeholder={t('admin.catalogue.everyStore')} />
      </Form.Item>
      <Form.Item
        name="voucherIds"
        label={t('admin.catalogue.fields.vouchers')}
        extra={t('admin.catalogue.fields.vouchersHint')}
      >
        <CataloguePicker
          kind="vouchers"
          multiple
          allowClear
          placeholder={t('admin.catalogue.everyVoucher')}
        />
      </Form.Item>
    </>
  );
}
