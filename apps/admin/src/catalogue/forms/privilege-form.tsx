import type { AdminPrivilege, Tier } from '@app/contracts';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromInstant, toInstant } from '../datetime.ts';
import { DateTimeItem, linesOf, NumberItem, orNull, Section, textOf, textOrNull } from '../form-parts.tsx';
import styles from '../catalogue.module.css';
import { ItemBasics } from './item-fields.tsx';
import { zipUrls, type KindForm } from './kind-form.ts';

export type PrivilegeValues = {
  storeId: string;
  categoryId: string;
  tier?: Tier | null;
  titleEn?: string;
  titleTh: string;
  descriptionEn?: string;
  descriptionTh?: string;
  termsEn?: string;
  termsTh?: string;
  imageFiles: string[];
  pointsCost: number;
  stock?: number | null;
  validFrom: Dayjs | null;
  validUntil?: Dayjs | null;
  usageLimit?: number | null;
};

export const privilegeForm: KindForm<AdminPrivilege, PrivilegeValues> = {
  empty: () => ({ imageFiles: [], usageLimit: 1 }),
  fromView: (v) => ({
    storeId: v.storeId,
    categoryId: v.categoryId,
    tier: v.tier,
    titleEn: v.titleEn ?? '',
    titleTh: v.titleTh ?? '',
    descriptionEn: v.descriptionEn ?? '',
    descriptionTh: v.descriptionTh ?? '',
    termsEn: textOf(v.termsEn),
    termsTh: textOf(v.termsTh),
    imageFiles: v.imageFiles,
    pointsCost: v.pointsCost,
    stock: v.stock,
    validFrom: fromInstant(v.validFrom),
    validUntil: fromInstant(v.validUntil),
    usageLimit: v.usageLimit,
  }),
  toBody: (f) => ({
    storeId: f.storeId,
    categoryId: f.categoryId,
    tier: f.tier ?? null,
    titleEn: textOrNull(f.titleEn),
    titleTh: f.titleTh,
    descriptionEn: textOrNull(f.descriptionEn),
    descriptionTh: textOrNull(f.descriptionTh),
    termsEn: linesOf(f.termsEn),
    termsTh: linesOf(f.termsTh),
    imageFiles: f.imageFiles ?? [],
    pointsCost: f.pointsCost,
    stock: orNull(f.stock),
    validFrom: toInstant(f.validFrom),
    validUntil: toInstant(f.validUntil),
    usageLimit: orNull(f.usageLimit),
  }),
  urls: (v) => (v ? zipUrls(v.imageFiles, v.imageUrls) : new Map()),
  collapse: ['termsEn', 'termsTh', 'imageFiles'],
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
