import type { AdminStore } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Bilingual, textOrNull } from '../form-parts.tsx';
import styles from '../catalogue.module.css';
import { CategoryItem, PictureItem } from './common-fields.tsx';
import type { KindForm } from './kind-form.ts';

export type StoreValues = {
  categoryId: string;
  nameEn?: string;
  nameTh: string;
  descriptionEn?: string;
  descriptionTh?: string;
  logoFile: string | null;
};

export const storeForm: KindForm<AdminStore, StoreValues> = {
  empty: () => ({ logoFile: null }),
  fromView: (v) => ({
    categoryId: v.categoryId,
    nameEn: v.nameEn ?? '',
    nameTh: v.nameTh ?? '',
    descriptionEn: v.descriptionEn ?? '',
    descriptionTh: v.descriptionTh ?? '',
    logoFile: v.logoFile,
  }),
  toBody: (f) => ({
    categoryId: f.categoryId,
    nameEn: textOrNull(f.nameEn),
    nameTh: f.nameTh,
    descriptionEn: textOrNull(f.descriptionEn),
    descriptionTh: textOrNull(f.descriptionTh),
    logoFile: f.logoFile,
  }),
  urls: (v) => (v ? new Map([[v.logoFile, v.logoUrl]]) : new Map()),
  collapse: [],
  Fields: ({ urls }) => <StoreFields urls={urls} />,
};

function StoreFields({ urls }: { urls: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <Bilingual name="name" label={t('admin.catalogue.fields.name')} thRequired />
      <div className={styles.grid2}>
        <CategoryItem />
      </div>
      <Bilingual name="description" label={t('admin.catalogue.fields.description')} rows={3} max={5000} />
      <PictureItem name="logoFile" label={t('admin.catalogue.fields.logo')} kind="merchants" urls={urls} />
    </>
  );
}
