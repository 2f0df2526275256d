import type { AdminPrivilege } from '@app/contracts';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromInstant, toInstant } from '../datetime.ts';
import { DateTimeItem, NumberItem, orNull, Section } from '../form-parts.tsx';
import styles from '../catalogue.module.css';
import { ItemBasics } from './item-fields.tsx';
import type { KindForm } from './kind-form.ts';
import {
  itemBasicsCollapse,
  itemBasicsFromView,
  itemBasicsToBody,
  itemBasicsUrls,
  type ItemBasicsValues,
} from './item-values.ts';

export type PrivilegeValues = ItemBasicsValues & {
  pointsCost: number;
  stock?: number | null;
  validFrom: Dayjs | null;
  validUntil?: Dayjs | null;
  usageLimit?: number | null;
};

export const privilegeForm: KindForm<AdminPrivilege, PrivilegeValues> = {
  empty: () => ({ imageFiles: [], usageLimit: 1 }),
  fromView: (v) => ({
    ...itemBasicsFromView(v),
    pointsCost: v.pointsCost,
    stock: v.stock,
    validFrom: fromInstant(v.validFrom),
    validUntil: fromInstant(v.validUntil),
    usageLimit: v.usageLimit,
  }),
  toBody: (f) => ({
    ...itemBasicsToBody(f),
    pointsCost: f.pointsCost,
    stock: orNull(f.stock),
    validFrom: toInstant(f.validFrom),
    validUntil: toInstant(f.validUntil),
    usageLimit: orNull(f.usageLimit),
  }),
  urls: itemBasicsUrls,
  collapse: itemBasicsCollapse,
  Fields: ({ urls }) => <PrivilegeFields urls={urls} />,
};

function PrivilegeFields({ urls }: { urls: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <ItemBasics mediaKind="privileges" urls={urls} />
      <Section>{t('admin.catalogue.sections.redeem')}</Section>
      <div className={styles.grid3}>
        <NumberItem
          name="pointsCost"
          label={t('admin.catalogue.fields.pointsCost')}
          suffix={t('admin.catalogue.points')}
        />
        <NumberItem name="stock" label={t('admin.catalogue.fields.stock')} optional />
        <NumberItem
          name="usageLimit"
          label={t('admin.catalogue.fields.usageLimit')}
          min={1}
          optional
          hint={t('admin.catalogue.fields.usageLimitHint')}
        />
        <DateTimeItem name="validFrom" label={t('admin.catalogue.fields.validFrom')} required />
        <DateTimeItem name="validUntil" label={t('admin.catalogue.fields.validUntil')} />
      </div>
    </>
  );
}
