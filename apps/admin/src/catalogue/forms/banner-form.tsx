import { BANNER_POSITIONS, type AdminBanner, type BannerPosition } from '@app/contracts';
import { Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromInstant, toInstant } from '../datetime.ts';
import { Bilingual, DateTimeItem, Section, textOrNull } from '../form-parts.tsx';
import styles from '../catalogue.module.css';
import { PictureItem, SortOrderItem } from './common-fields.tsx';
import type { KindForm } from './kind-form.ts';

export type BannerValues = {
  position: BannerPosition;
  titleEn?: string;
  titleTh: string;
  subtitleEn?: string;
  subtitleTh?: string;
  imageFile: string | null;
  linkPath?: string;
  sortOrder: number;
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
};

export const bannerForm: KindForm<AdminBanner, BannerValues> = {
  empty: () => ({ position: 'TOP', sortOrder: 0, imageFile: null }),
  fromView: (v) => ({
    position: v.position,
    titleEn: v.titleEn ?? '',
    titleTh: v.titleTh ?? '',
    subtitleEn: v.subtitleEn ?? '',
    subtitleTh: v.subtitleTh ?? '',
    imageFile: v.imageFile,
    linkPath: v.linkPath ?? '',
    sortOrder: v.sortOrder,
    startsAt: fromInstant(v.startsAt),
    endsAt: fromInstant(v.endsAt),
  }),
  toBody: (f) => ({
    position: f.position,
    titleEn: textOrNull(f.titleEn),
    titleTh: f.titleTh,
    subtitleEn: textOrNull(f.subtitleEn),
    subtitleTh: textOrNull(f.subtitleTh),
    imageFile: f.imageFile,
    linkPath: textOrNull(f.linkPath),
    sortOrder: f.sortOrder ?? 0,
    startsAt: toInstant(f.startsAt),
    endsAt: toInstant(f.endsAt),
  }),
  urls: (v) => (v ? new Map([[v.imageFile, v.imageUrl]]) : new Map()),
  collapse: [],
  Fields: ({ urls }) => <BannerFields urls={urls} />,
};

function BannerFields({ urls }: { urls: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.grid3}>
        <Form.Item name="position" label={t('admin.catalogue.fields.position')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={BANNER_POSITIONS.map((p) => ({ value: p, label: t(`admin.catalogue.positions.${p}`) }))}
          />
        </Form.Item>
        <SortOrderItem />
      </div>
      <Bilingual name="title" label={t('admin.catalogue.fields.title')} thRequired />
      <Bilingual name="subtitle" label={t('admin.catalogue.fields.subtitle')} />
      <PictureItem
        name="imageFile"
        label={t('admin.catalogue.fields.bannerImage')}
        hint={t('admin.catalogue.fields.bannerImageHint')}
        kind="banners"
        urls={urls}
      />
      <Form.Item
        name="linkPath"
        label={t('admin.catalogue.fields.linkPath')}
        extra={t('admin.catalogue.fields.linkPathHint')}
        rules={[{ pattern: /^\/(?!\/)[^\s\\]*$/, message: t('admin.catalogue.fields.linkPathInvalid') }]}
      >
        <Input maxLength={500} placeholder="/vouchers/…" className="mono" />
      </Form.Item>
      <Section>{t('admin.catalogue.sections.when')}</Section>
      <div className={styles.grid2}>
        <DateTimeItem name="startsAt" label={t('admin.catalogue.fields.startsAt')} />
        <DateTimeItem name="endsAt" label={t('admin.catalogue.fields.endsAt')} />
      </div>
    </>
  );
}
