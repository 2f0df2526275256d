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
// The catalogue editor (the back office's Catalogue calls it): validation, saves with their audit
// rows and edit versions, publish / unpublish / archive, uploaded pictures, cache invalidation.
export {
  CatalogueFieldErrors,
  createCatalogueRow,
  hasDrafts,
  isRemovable,
  listCatalogueRows,
  moveCatalogueStatus,
  readCatalogueRow,
  removeCatalogueRow,
  STATUS_ACTIONS,
  updateCatalogueRow,
  uploadCatalogueImage,
  type CatalogueEditorDeps,
  type CatalogueEditorKind,
  type StatusAction,
} from './editor/editor.ts';
export { MEDIA_KINDS, type MediaKind } from './media.ts';
