import type { AdminVoucher, Tier } from '@app/contracts';
import { linesOf, textOf, textOrNull } from '../form-parts.tsx';
import { zipUrls } from './kind-form.ts';

/** The form values of what vouchers and privileges share (the fields ItemBasics shows). */
export type ItemBasicsValues = {
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
};

export type ItemBasicsView = Pick<
  AdminVoucher,
  | 'storeId'
  | 'categoryId'
  | 'tier'
  | 'titleEn'
  | 'titleTh'
  | 'descriptionEn'
  | 'descriptionTh'
  | 'termsEn'
  | 'termsTh'
  | 'imageFiles'
  | 'imageUrls'
>;

export const itemBasicsFromView = (v: ItemBasicsView): ItemBasicsValues => ({
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
});

export const itemBasicsToBody = (f: ItemBasicsValues) => ({
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
});

/** The picture previews and the list fields shown as one control, the same for both kinds. */
export const itemBasicsUrls = (v: ItemBasicsView | null) =>
  v ? zipUrls(v.imageFiles, v.imageUrls) : new Map();
export const itemBasicsCollapse = ['termsEn', 'termsTh', 'imageFiles'];
