/** The six kinds of catalogue rows the editor handles, each at /admin/api/catalogue/<kind>. */
export const CATALOGUE_KINDS = [
  'vouchers',
  'privileges',
  'coupons',
  'banners',
  'stores',
  'categories',
] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
export const isCatalogueKind = (v: unknown): v is CatalogueKind =>
  CATALOGUE_KINDS.includes(v as CatalogueKind);

/** Kinds with drafts: members see them only once published. Stores and categories have no status. */
export const hasStatus = (kind: CatalogueKind) => kind !== 'stores' && kind !== 'categories';

/** Kinds listed by store and category (the list offers those filters). */
export const hasStore = (kind: CatalogueKind) => kind === 'vouchers' || kind === 'privileges';

/** Where an uploaded picture is served from for each kind (the upload's `kind`). */
export const MEDIA_KIND: Record<CatalogueKind, string> = {
  vouchers: 'vouchers',
  privileges: 'privileges',
  coupons: 'vouchers',
  banners: 'banners',
  stores: 'merchants',
  categories: 'categories',
};

export const catalogueApiPath = (kind: CatalogueKind, id?: string) =>
  id ? `/catalogue/${kind}/${encodeURIComponent(id)}` : `/catalogue/${kind}`;
