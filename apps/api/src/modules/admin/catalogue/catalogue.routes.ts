import {
  AdminBannerPageResponseSchema,
  AdminBannerResponseSchema,
  AdminCategoryPageResponseSchema,
  AdminCategoryResponseSchema,
  AdminCouponPageResponseSchema,
  AdminCouponResponseSchema,
  AdminPrivilegePageResponseSchema,
  AdminPrivilegeResponseSchema,
  AdminStorePageResponseSchema,
  AdminStoreResponseSchema,
  AdminVoucherPageResponseSchema,
  AdminVoucherResponseSchema,
  BannerBodySchema,
  CATALOGUE_IMAGE_MAX_BYTES,
  CatalogueDeletedResponseSchema,
  CatalogueIdParamsSchema,
  CatalogueImageResponseSchema,
  AdminCatalogueListQuerySchema,
  CategoryBodySchema,
  CouponBodySchema,
  PrivilegeBodySchema,
  StoreBodySchema,
  VoucherBodySchema,
  type AdminCatalogueListQuery,
  type ErrorCode,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../app-error.ts';
import { ok } from '../../../http/envelope.ts';
import { readSingleFile } from '../../../http/multipart.ts';
import { MEDIA_KINDS } from '../../catalogue/index.ts';
import type { AdminArea } from '../area.ts';
import { actorOf, recordAudit } from '../audit.ts';
import { STAFF_SECURITY } from '../guard.ts';
import { createBanner, listBanners, readBanner, updateBanner } from './banners.service.ts';
import { createCoupon, listCoupons, readCoupon, updateCoupon } from './coupons.service.ts';
import { normalizeCatalogueImage, storeCatalogueImage } from './images.service.ts';
import { createPrivilege, listPrivileges, readPrivilege, updatePrivilege } from './privileges.service.ts';
import {
  lockedStatus,
  moveStatus,
  saveWithAudit,
  STATUS_ACTIONS,
  type Deps,
  type StatusAction,
  type Trx,
} from './shared.ts';
import {
  createCategory,
  createStore,
  deleteCategory,
  deleteStore,
  listCategories,
  listStores,
  readCategory,
  readStore,
  updateCategory,
  updateStore,
} from './stores.service.ts';
import { createVoucher, listVouchers, readVoucher, updateVoucher } from './vouchers.service.ts';

const tags = ['admin'];

type Saved = { id: string; before?: unknown; after: unknown };
type SaveChange = (trx: Trx, now: Date) => Promise<Saved>;

/** One kind of catalogue row as the editor's routes handle it. */
interface Editable {
  /** Path under /catalogue and the audit's entity type. */
  path: string;
  entityType: string;
  label: string;
  notFound: ErrorCode;
  body: z.ZodType;
  one: z.ZodType;
  page: z.ZodType;
  list(db: Deps['db'], q: AdminCatalogueListQuery): Promise<unknown>;
  read(db: Deps['db'] | Trx, id: string): Promise<unknown>;
  create(trx: Trx, body: never, now: Date): Promise<Saved>;
  update(trx: Trx, id: string, body: never, now: Date): Promise<Saved>;
  /** Items with drafts: publish / unpublish / archive. */
  statusTable?: 'voucher' | 'privilege' | 'coupon' | 'banner';
  /** Rows that may be removed outright (when nothing names them). */
  remove?(trx: Trx, id: string): Promise<Saved>;
}

const EDITABLE: Editable[] = [
  {
    path: 'categories',
    entityType: 'category',
    label: 'category',
    notFound: 'not_found',
    body: CategoryBodySchema,
    one: AdminCategoryResponseSchema,
    page: AdminCategoryPageResponseSchema,
    list: listCategories,
    read: readCategory,
    create: createCategory,
    update: (trx, id, body) => updateCategory(trx, id, body),
    remove: deleteCategory,
  },
  {
    path: 'stores',
    entityType: 'merchant',
    label: 'store',
    notFound: 'merchant_not_found',
    body: StoreBodySchema,
    one: AdminStoreResponseSchema,
    page: AdminStorePageResponseSchema,
    list: listStores,
    read: readStore,
    create: createStore,
    update: (trx, id, body) => updateStore(trx, id, body),
    remove: deleteStore,
  },
  {
    path: 'vouchers',
    entityType: 'voucher',
    label: 'voucher',
    notFound: 'voucher_not_found',
    body: VoucherBodySchema,
    one: AdminVoucherResponseSchema,
    page: AdminVoucherPageResponseSchema,
    list: listVouchers,
    read: readVoucher,
    create: createVoucher,
    update: updateVoucher,
    statusTable: 'voucher',
  },
  {
    path: 'privileges',
    entityType: 'privilege',
    label: 'privilege',
    notFound: 'privilege_not_found',
    body: PrivilegeBodySchema,
    one: AdminPrivilegeResponseSchema,
    page: AdminPrivilegePageResponseSchema,
    list: listPrivileges,
    read: readPrivilege,
    create: createPrivilege,
    update: updatePrivilege,
    statusTable: 'privilege',
  },
  {
    path: 'coupons',
    entityType: 'coupon',
    label: 'coupon',
    notFound: 'coupon_not_found',
    body: CouponBodySchema,
    one: AdminCouponResponseSchema,
    page: AdminCouponPageResponseSchema,
    list: listCoupons,
    read: readCoupon,
    create: createCoupon,
    update: (trx, id, body) => updateCoupon(trx, id, body),
    statusTable: 'coupon',
  },
  {
    path: 'banners',
    entityType: 'banner',
    label: 'banner',
    notFound: 'not_found',
    body: BannerBodySchema,
    one: AdminBannerResponseSchema,
    page: AdminBannerPageResponseSchema,
    list: listBanners,
    read: readBanner,
    create: createBanner,
    update: (trx, id, body) => updateBanner(trx, id, body),
    statusTable: 'banner',
  },
];

/**
 * The catalogue editor at /admin/api/catalogue: stores, categories, vouchers, privileges, coupons
 * and banners — lists (drafts included) and details for `catalogue.read`; create, update, publish,
 * unpublish, archive and picture uploads for `catalogue.write`. Every save is one transaction with its
 * audit row (before/after); after it commits, this process's catalogue caches are told at once
 * (`catalogueChanged`) and other processes follow the catalogue_version trigger.
 */
export const catalogueArea: AdminArea = async (app, { deps, catalogueChanged }) => {
  for (const e of EDITABLE) {
    const base = `/catalogue/${e.path}`;
    const found = async (id: string) => {
      const view = await e.read(deps.db, id);
      if (!view) throw new AppError(e.notFound);
      return view;
    };
    // Every write of this kind: one transaction with its audit row `catalogue.<entity>.<verb>`, then
    // this process's caches told (saveWithAudit).
    const save = (req: FastifyRequest, verb: string, change: SaveChange) =>
      saveWithAudit(deps, req, catalogueChanged, `catalogue.${e.entityType}.${verb}`, e.entityType, change);

    app.get(
      base,
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          summary: `Back office: ${e.label} list (drafts included), searched, filtered and paged`,
          security: STAFF_SECURITY,
          querystring: AdminCatalogueListQuerySchema,
          response: { 200: e.page },
        },
      },
      async (req) => ok(await e.list(deps.db, req.query)),
    );

    app.get(
      `${base}/:id`,
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          summary: `Back office: one ${e.label}, as its edit form shows it`,
          security: STAFF_SECURITY,
          params: CatalogueIdParamsSchema,
          response: { 200: e.one },
        },
      },
      async (req) => ok(await found(req.params.id)),
    );

    app.post(
      base,
      {
        config: { permission: 'catalogue.write' },
        schema: {
          tags,
          summary: `Back office: create a ${e.label}${e.statusTable ? ' (as a draft)' : ''}`,
          security: STAFF_SECURITY,
          body: e.body,
          response: { 200: e.one },
        },
      },
      async (req) => ok(await save(req, 'create', (trx, now) => e.create(trx, req.body as never, now))),
    );

    app.put(
      `${base}/:id`,
      {
        config: { permission: 'catalogue.write' },
        schema: {
          tags,
          summary: `Back office: save a ${e.label} (the whole form; its status is unchanged)`,
          security: STAFF_SECURITY,
          params: CatalogueIdParamsSchema,
          body: e.body,
          response: { 200: e.one },
        },
      },
      async (req) =>
        ok(await save(req, 'update', (trx, now) => e.update(trx, req.params.id, req.body as never, now))),
    );

    if (e.remove) {
      const remove = e.remove;
      app.delete(
        `${base}/:id`,
        {
          config: { permission: 'catalogue.write' },
          schema: {
            tags,
            summary: `Back office: remove a ${e.label} that nothing names any more`,
            security: STAFF_SECURITY,
            params: CatalogueIdParamsSchema,
            response: { 200: CatalogueDeletedResponseSchema },
          },
        },
        async (req) => {
          await save(req, 'delete', (trx) => remove(trx, req.params.id));
          return ok({ id: req.params.id, deleted: true as const });
        },
      );
    }

    const table = e.statusTable;
    if (table)
      for (const action of Object.keys(STATUS_ACTIONS) as StatusAction[]) {
        app.post(
          `${base}/:id/${action}`,
          {
            config: { permission: 'catalogue.write' },
            schema: {
              tags,
              summary: `Back office: ${action} a ${e.label} (${
                action === 'publish'
                  ? 'members see it at once'
                  : action === 'unpublish'
                    ? 'back to a draft: members no longer see it'
                    : 'retired: hidden from members and from the default list'
              })`,
              security: STAFF_SECURITY,
              params: CatalogueIdParamsSchema,
              response: { 200: e.one },
            },
          },
          async (req) =>
            ok(
              await save(req, action, async (trx, now) => {
                const id = req.params.id;
                const status = await lockedStatus(trx, table, id);
                if (!status) throw new AppError(e.notFound);
                // Already there: nothing changes, nothing is audited.
                if (status === STATUS_ACTIONS[action]) return { id, after: undefined };
                const before = await e.read(trx, id);
                await moveStatus(trx, table, id, action, now);
                return { id, before, after: await e.read(trx, id) };
              }).then(async (after) => after ?? (await found(req.params.id))),
            ),
        );
      }
  }

  app.post(
    '/catalogue/images',
    {
      config: { permission: 'catalogue.write' },
      schema: {
        tags,
        summary:
          'Back office: upload a picture (multipart/form-data, one file: JPEG, PNG or WebP, at most 5 MB) for a store logo, voucher, privilege, banner or category',
        description:
          'Stored re-encoded as WebP (at most 1600 px, no metadata), named by its content hash; put the answered `file` ' +
          'in a form’s logoFile / imageFiles / imageFile / iconFile. Too large → 413; not such an image → 415.',
        consumes: ['multipart/form-data'],
        security: STAFF_SECURITY,
        querystring: z.strictObject({ kind: z.enum(MEDIA_KINDS).default('vouchers') }),
        response: { 200: CatalogueImageResponseSchema },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('unsupported_media_type');
      const bytes = await readSingleFile(req, CATALOGUE_IMAGE_MAX_BYTES);
      if (!bytes) throw new AppError('validation_failed', { details: ['file: An image file is required'] });
      const image = await normalizeCatalogueImage(bytes);
      const actor = actorOf(req);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        if (await storeCatalogueImage(trx, image, req.staff.staffId, now))
          await recordAudit(trx, actor, now, {
            action: 'catalogue.image.upload',
            entityType: 'catalogue_image',
            entityId: null,
            after: { file: image.file, width: image.width, height: image.height, bytes: image.bytes.length },
          });
      });
      return ok({
        file: image.file,
        url: `/media/catalogue/${req.query.kind}/${image.file}`,
        width: image.width,
        height: image.height,
      });
    },
  );
};
