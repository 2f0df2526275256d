import type { CatalogueKind } from '../kinds.ts';
import { bannerForm } from './banner-form.tsx';
import { categoryForm } from './category-form.tsx';
import { couponForm } from './coupon-form.tsx';
import type { KindForm } from './kind-form.ts';
import { privilegeForm } from './privilege-form.tsx';
import { storeForm } from './store-form.tsx';
import { voucherForm } from './voucher-form.tsx';

/** Each kind's edit form (the editor drawer is the same for all). */
export const FORMS = {
  vouchers: voucherForm,
  privileges: privilegeForm,
  coupons: couponForm,
  banners: bannerForm,
  stores: storeForm,
  categories: categoryForm,
} as unknown as Record<CatalogueKind, KindForm<{ id: string }, Record<string, unknown>>>;
