// The catalogue module's public surface: other modules and app.ts import only from here.
export {
  catalogueModule,
  createCatalogueChanges,
  type CatalogueChanges,
  type CatalogueModuleOptions,
} from './catalogue.routes.ts';
export { catalogueMediaModule } from './media.routes.ts';
export {
  loadPurchasables,
  releaseStock,
  reserveStock,
  type Purchasable,
  type PurchaseRef,
} from './purchase.ts';
export {
  couponByCode,
  couponCovers,
  couponsCovering,
  presentCouponRule,
  returnCouponUse,
  takeCouponUse,
  type CouponRule,
} from './coupon-lookup.ts';
export { privilegeCards, voucherCards, type VoucherCard } from './voucher-cards.ts';
export {
  givePrivilegeStock,
  loadRedeemable,
  takePrivilegeStock,
  type Redeemable,
} from './privilege-redeem.ts';
export { localized } from './localize.ts';
// For the back office's catalogue editor (modules/admin/catalogue): the same search key and pictures.
export { matchesSearch } from './search.ts';
export { BANNER_COLUMNS } from './banners.repository.ts';
export { COUPON_COLUMNS } from './coupons.repository.ts';
export {
  MEDIA_FILE_PATTERN,
  MEDIA_KINDS,
  UPLOADED_FILE_PATTERN,
  shippedMediaLibrary,
  type MediaKind,
} from './media.ts';
