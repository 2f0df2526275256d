import type { AdminVoucher } from '@app/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromInstant, toInstant } from '../datetime.ts';
import { DateTimeItem, NumberItem, orNull, Section, textOrNull } from '../form-parts.tsx';
import styles from '../catalogue.module.css';
import { itemKindForm } from './item-fields.tsx';

type Option = { id?: string; labelEn?: string; labelTh: string; price: number };
type VoucherValues = {
  price: number;
  priceOptions: Option[];
  pointsEarned?: number | null;
  privilegeOnly: boolean;
  stock?: number | null;
  saleStartsAt: Dayjs | null;
  saleEndsAt?: Dayjs | null;
  validDays: number;
  usageLimit?: number | null;
  limitPerOrder?: number | null;
  limitPerMember?: number | null;
};

export const voucherForm = itemKindForm<AdminVoucher, VoucherValues>({
  mediaKind: 'vouchers',
  empty: () => ({
    priceOptions: [],
    privilegeOnly: false,
    validDays: 90,
    price: 0,
    usageLimit: 1,
  }),
  fromView: (v) => ({
    price: v.price,
    priceOptions: v.priceOptions.map((o) => ({
      id: o.id,
      labelEn: o.labelEn ?? '',
      labelTh: o.labelTh ?? '',
      price: o.price,
    })),
    pointsEarned: v.pointsEarned,
    privilegeOnly: v.privilegeOnly,
    stock: v.stock,
    saleStartsAt: fromInstant(v.saleStartsAt),
    saleEndsAt: fromInstant(v.saleEndsAt),
    validDays: v.validDays,
    usageLimit: v.usageLimit,
    limitPerOrder: v.limitPerOrder,
    limitPerMember: v.limitPerMember,
  }),
  toBody: (f) => ({
    price: f.price,
    priceOptions: (f.priceOptions ?? []).map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      labelTh: o.labelTh,
      labelEn: textOrNull(o.labelEn),
      price: o.price,
    })),
    pointsEarned: orNull(f.pointsEarned),
    privilegeOnly: f.privilegeOnly ?? false,
    stock: orNull(f.stock),
    saleStartsAt: toInstant(f.saleStartsAt),
    saleEndsAt: toInstant(f.saleEndsAt),
    validDays: f.validDays,
    usageLimit: orNull(f.usageLimit),
    limitPerOrder: orNull(f.limitPerOrder),
    limitPerMember: orNull(f.limitPerMember),
  }),
  Fields: VoucherFields,
});

function VoucherFields() {
  const { t } = useTranslation();
  return (
    <>
      <Section>{t('admin.catalogue.sections.price')}</Section>
      <div className={styles.grid3}>
        <NumberItem
          name="price"
          label={t('admin.catalogue.fields.price')}
          prefix="฿"
          hint={t('admin.catalogue.fields.priceHint')}
        />
        <NumberItem
          name="pointsEarned"
          label={t('admin.catalogue.fields.pointsEarned')}
          optional
          placeholder={t('admin.catalogue.programmeRate')}
          hint={t('admin.catalogue.fields.pointsEarnedHint')}
        />
        <Form.Item
          name="privilegeOnly"
          label={t('admin.catalogue.fields.privilegeOnly')}
          valuePropName="checked"
          extra={t('admin.catalogue.fields.privilegeOnlyHint')}
        >
          <Switch />
        </Form.Item>
      </div>
      <Form.List name="priceOptions">
        {(fields, { add, remove }) => (
          <>
            {fields.length > 0 && (
              <div className="muted small block-gap-bottom">
                {t('admin.catalogue.fields.priceOptionsHint')}
              </div>
            )}
            {fields.map((field) => (
              <div key={field.key} className={styles.option}>
                <Form.Item name={[field.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'labelEn']}
                  label={t('admin.catalogue.inEnglish', { field: t('admin.catalogue.fields.optionLabel') })}
                >
                  <Input lang="en" maxLength={100} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'labelTh']}
                  label={t('admin.catalogue.inThai', { field: t('admin.catalogue.fields.optionLabel') })}
                  rules={[{ required: true, whitespace: true, message: t('admin.catalogue.thaiRequired') }]}
                >
                  <Input lang="th" maxLength={100} />
                </Form.Item>
                <NumberItem
                  name={[field.name, 'price']}
                  label={t('admin.catalogue.fields.price')}
                  prefix="฿"
                />
                <Form.Item label=" ">
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('admin.catalogue.removeOption')}
                    onClick={() => remove(field.name)}
                  />
                </Form.Item>
              </div>
            ))}
            <Form.Item>
              <Button icon={<PlusOutlined />} onClick={() => add({ labelTh: '', labelEn: '', price: 0 })}>
                {t('admin.catalogue.addOption')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Section>{t('admin.catalogue.sections.sale')}</Section>
      <div className={styles.grid3}>
        <DateTimeItem name="saleStartsAt" label={t('admin.catalogue.fields.saleStartsAt')} required />
        <DateTimeItem name="saleEndsAt" label={t('admin.catalogue.fields.saleEndsAt')} />
        <NumberItem name="stock" label={t('admin.catalogue.fields.stock')} optional />
      </div>
      <div className={styles.grid3}>
        <NumberItem
          name="validDays"
          label={t('admin.catalogue.fields.validDays')}
          min={1}
          max={3650}
          suffix={t('admin.catalogue.days')}
          hint={t('admin.catalogue.fields.validDaysHint')}
        />
        <NumberItem
          name="usageLimit"
          label={t('admin.catalogue.fields.usageLimit')}
          min={1}
          optional
          hint={t('admin.catalogue.fields.usageLimitHint')}
        />
        <NumberItem name="limitPerOrder" label={t('admin.catalogue.fields.limitPerOrder')} min={1} optional />
        <NumberItem
          name="limitPerMember"
          label={t('admin.catalogue.fields.limitPerMember')}
          min={1}
          optional
        />
      </div>
    </>
  );
}
