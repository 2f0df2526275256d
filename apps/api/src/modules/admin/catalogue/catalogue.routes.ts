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
  CatalogueStatusBodySchema,
  VoucherBodySchema,
  type FieldError,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../app-error.ts';
import { ok } from '../../../http/envelope.ts';
import { readSingleFile } from '../../../http/multipart.ts';
import { t } from '../../../i18n/messages.ts';
import { langOf } from '../../../i18n/request-language.ts';
import {
  CatalogueFieldErrors,
  createCatalogueRow,
  hasDrafts,
  isRemovable,
  listCatalogueRows,
  MEDIA_KINDS,
  moveCatalogueStatus,
  readCatalogueRow,
  removeCatalogueRow,
  STATUS_ACTIONS,
  updateCatalogueRow,
  uploadCatalogueImage,
  type CatalogueEditorKind,
  type StatusAction,
} from '../../catalogue/index.ts';
import type { AdminArea } from '../area.ts';
import { actorOf } from '../audit.ts';
import { STAFF_SECURITY } from '../guard.ts';

const tags = ['admin'];

/** Picture uploads one staff member may make in a window (each is decoded, re-encoded and kept). */
export const CATALOGUE_UPLOADS_PER_STAFF = 60;
export const CATALOGUE_UPLOAD_WINDOW_SECONDS = 600;

/** One kind of catalogue row as the editor's HTTP routes show it. */
interface EditableRoutes {
  /** Path under /catalogue. */
  path: string;
  /** Also the word the OpenAPI summaries use. */
  kind: CatalogueEditorKind;
  body: z.ZodType;
  one: z.ZodType;
  page: z.ZodType;
}

const EDITABLE: EditableRoutes[] = [
  {
    path: 'categories',
    kind: 'category',
    body: CategoryBodySchema,
    one: AdminCategoryResponseSchema,
    page: AdminCategoryPageResponseSchema,
  },
  {
    path: 'stores',
    kind: 'store',
    body: StoreBodySchema,
    one: AdminStoreResponseSchema,
    page: AdminStorePageResponseSchema,
  },
  {
    path: 'vouchers',
    kind: 'voucher',
    body: VoucherBodySchema,
    one: AdminVoucherResponseSchema,
    page: AdminVoucherPageResponseSchema,
  },
  {
    path: 'privileges',
    kind: 'privilege',
    body: PrivilegeBodySchema,
    one: AdminPrivilegeResponseSchema,
    page: AdminPrivilegePageResponseSchema,
  },
  {
    path: 'coupons',
    kind: 'coupon',
    body: CouponBodySchema,
    one: AdminCouponResponseSchema,
    page: AdminCouponPageResponseSchema,
  },
  {
    path: 'banners',
    kind: 'banner',
    body: BannerBodySchema,
    one: AdminBannerResponseSchema,
    page: AdminBannerPageResponseSchema,
  },
];

/** An upload without its file part: the 400 of the one field, in the staff member's language. */
const noFile = (req: FastifyRequest) => {
  const lang = langOf(req);
  const message = t(lang, 'fieldErrors.catalogue.fileRequired', { field: 'file' });
  return new AppError('validation_failed', {
    message,
    details: [message],
    fields: [{ path: 'file', message }],
  });
};

/** A save's refused fields as the 400 that lists each field in the staff member's language. */
const inStaffLanguage = async <T>(req: FastifyRequest, run: Promise<T>): Promise<T> =>
  run.catch((err: unknown) => {
    if (!(err instanceof CatalogueFieldErrors)) throw err;
    const lang = langOf(req);
    const fields: FieldError[] = err.issues.map((i) => ({
      path: i.path,
      message: t(lang, `fieldErrors.catalogue.${i.key}`, { field: i.path, ...i.vars }),
    }));
    throw new AppError('validation_failed', {
      ...(fields[0] ? { message: fields[0].message } : {}),
      details: fields.map((f) => `${f.path}: ${f.message}`),
      fields,
      cause: err,
    });
  });

/**
 * The catalogue editor at /admin/api/catalogue: stores, categories, vouchers, privileges, coupons
 * and banners — lists (drafts included) and details for `catalogue.read`; create, update, publish,
 * unpublish, archive and picture uploads for `catalogue.write`. The routes are HTTP only (permission,
 * schemas, the staff member's language, the upload limit); the catalogue module's editor services
 * validate, save with the audit row and edit version, and tell the caches.
 */
export const catalogueArea: AdminArea = async (app, { deps, limiter, catalogueChanged }) => {
  const editor = { db: deps.db, now: deps.now, changed: catalogueChanged };
  // Each upload is decoded and re-encoded and stays stored: bounded per staff member, as avatars are
  // per member (the figures: docs/decisions.md).
  const uploadsPerStaff = limiter({
    name: 'catalogue-image-staff',
    max: CATALOGUE_UPLOADS_PER_STAFF,
    windowSeconds: CATALOGUE_UPLOAD_WINDOW_SECONDS,
    key: (req) => req.staff.staffId,
  });

  for (const e of EDITABLE) {
    const base = `/catalogue/${e.path}`;
    const drafts = hasDrafts(e.kind);

    app.get(
      base,
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          summary: `Back office: ${e.kind} list (drafts included), searched, filtered and paged`,
          security: STAFF_SECURITY,
          querystring: AdminCatalogueListQuerySchema,
          response: { 200: e.page },
        },
      },
      async (req) => ok(await listCatalogueRows(deps.db, e.kind, req.query)),
    );

    app.get(
      `${base}/:id`,
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          summary: `Back office: one ${e.kind}, as its edit form shows it`,
          security: STAFF_SECURITY,
          params: CatalogueIdParamsSchema,
          response: { 200: e.one },
        },
      },
      async (req) => ok(await readCatalogueRow(deps.db, e.kind, req.params.id)),
    );

    app.post(
      base,
      {
        config: { permission: 'catalogue.write' },
        schema: {
          tags,
          summary: `Back office: create a ${e.kind}${drafts ? ' (as a draft)' : ''}`,
          security: STAFF_SECURITY,
          body: e.body,
          response: { 200: e.one },
        },
      },
      async (req) =>
        ok(await inStaffLanguage(req, createCatalogueRow(editor, actorOf(req), e.kind, req.body))),
    );

    app.put(
      `${base}/:id`,
      {
        config: { permission: 'catalogue.write' },
        schema: {
          tags,
          summary: `Back office: save a ${e.kind} (the whole form; its status is unchanged)`,
          description:
            'Send back the `version` the form was loaded with: when someone saved the row since, the answer ' +
            'is 409 edit_conflict and nothing is changed.',
          security: STAFF_SECURITY,
          params: CatalogueIdParamsSchema,
          body: e.body,
          response: { 200: e.one },
        },
      },
      async (req) =>
        ok(
          await inStaffLanguage(
            req,
            updateCatalogueRow(editor, actorOf(req), e.kind, req.params.id, req.body),
          ),
        ),
    );

    if (isRemovable(e.kind))
      app.delete(
        `${base}/:id`,
        {
          config: { permission: 'catalogue.write' },
          schema: {
            tags,
            summary: `Back office: remove a ${e.kind} that nothing names any more`,
            security: STAFF_SECURITY,
            params: CatalogueIdParamsSchema,
            response: { 200: CatalogueDeletedResponseSchema },
          },
        },
        async (req) => {
          await inStaffLanguage(req, removeCatalogueRow(editor, actorOf(req), e.kind, req.params.id));
          return ok({ id: req.params.id, deleted: true as const });
        },
      );

    if (drafts)
      for (const action of Object.keys(STATUS_ACTIONS) as StatusAction[]) {
        app.post(
          `${base}/:id/${action}`,
          {
            config: { permission: 'catalogue.write' },
            schema: {
              tags,
              summary: `Back office: ${action} a ${e.kind} (${
                action === 'publish'
                  ? 'members see it at once'
                  : action === 'unpublish'
                    ? 'back to a draft: members no longer see it'
                    : 'retired: hidden from members and from the default list'
              })`,
              description:
                'Optional body `{ "version": n }`: the version the staff member saw; another save since → ' +
                '409 edit_conflict, nothing changed.',
              security: STAFF_SECURITY,
              params: CatalogueIdParamsSchema,
              body: CatalogueStatusBodySchema,
              response: { 200: e.one },
            },
          },
          async (req) =>
            ok(
              await moveCatalogueStatus(
                editor,
                actorOf(req),
                e.kind,
                req.params.id,
                action,
                req.body?.version,
              ),
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
          `in a form’s logoFile / imageFiles / imageFile / iconFile. Too large → 413; not such an image → 415; ` +
          `more than ${CATALOGUE_UPLOADS_PER_STAFF} uploads by one staff member in ${CATALOGUE_UPLOAD_WINDOW_SECONDS / 60} ` +
          'minutes → 429 rate_limited with Retry-After.',
        consumes: ['multipart/form-data'],
        security: STAFF_SECURITY,
        querystring: z.strictObject({ kind: z.enum(MEDIA_KINDS).default('vouchers') }),
        response: { 200: CatalogueImageResponseSchema },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('unsupported_media_type');
      await uploadsPerStaff(req);
      const bytes = await readSingleFile(req, CATALOGUE_IMAGE_MAX_BYTES);
      if (!bytes) throw noFile(req);
      const image = await uploadCatalogueImage(deps, actorOf(req), req.staff.staffId, bytes);
      return ok({
        file: image.file,
        url: `/media/catalogue/${req.query.kind}/${image.file}`,
        width: image.width,
        height: image.height,
      });
    },
  );
};
