import type { AdminPrivilege } from '@app/contracts';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromInstant, toInstant } from '../datetime.ts';
import { DateTimeItem, NumberItem, orNull, Section } from '../form-parts.tsx';
import styles from '../catalogue.module.css';
import { itemKindForm } from './item-fields.tsx';

type PrivilegeValues = {
  pointsCost: number;
  stock?: number | null;
  validFrom: Dayjs | null;
  validUntil?: Dayjs | null;
  usageLimit?: number | null;
};

export const privilegeForm = itemKindForm<AdminPrivilege, PrivilegeValues>({
  mediaKind: 'privileges',
  empty: () => ({ usageLimit: 1 }),
  fromView: (v) => ({
    pointsCost: v.pointsCost,
    stock: v.stock,
    validFrom: fromInstant(v.validFrom),
    validUntil: fromInstant(v.validUntil),
    usageLimit: v.usageLimit,
  }),
  toBody: (f) => ({
    pointsCost: f.pointsCost,
    stock: orNull(f.stock),
    validFrom: toInstant(f.validFrom),
    validUntil: toInstant(f.validUntil),
    usageLimit: orNull(f.usageLimit),
  }),
  Fields: PrivilegeFields,
});

function PrivilegeFields() {
  const { t } = useTranslation();
  return (
    <>
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
