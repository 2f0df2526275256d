import type { AdminCatalogueListQuery, ErrorCode } from '@app/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../../app-error.ts';
import { recordAudit, type AuditActor } from '../../../audit/audit.ts';
import type { Database } from '../../../db/schema.ts';
import { createBanner, listBanners, readBanner, updateBanner } from './banners.ts';
import { createCoupon, listCoupons, readCoupon, updateCoupon } from './coupons.ts';
import { normalizeCatalogueImage, storeCatalogueImage, type StoredImage } from './images.ts';
import { createPrivilege, listPrivileges, readPrivilege, updatePrivilege } from './privileges.ts';
import {
  lockForEdit,
  moveStatus,
  STATUS_ACTIONS,
  statusOf,
  type Db,
  type StatusAction,
  type StatusTable,
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
} from './stores.ts';
import { createVoucher, listVouchers, readVoucher, updateVoucher } from './vouchers.ts';

/*
 * The catalogue editor's services (the back office's Catalogue calls them): every save is one
 * transaction with its audit row (before/after), and once it commits this process's catalogue caches
 * are told at once (`changed`; other processes follow the catalogue_version trigger). Refusals are
 * AppErrors, or CatalogueFieldErrors for per-field problems the caller words in the reader's language.
 */

/** What the editor's services need from the app. */
export interface CatalogueEditorDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** Tells this process's catalogue caches that a change committed. */
  changed: () => void;
}

type Saved = { id: string; before?: unknown; after: unknown };

/** One kind of catalogue row as the editor saves it. */
interface EditorKind {
  /** The audit's entity type (`catalogue.<entityType>.<verb>`). */
  entityType: string;
  notFound: ErrorCode;
  list(db: Db, q: AdminCatalogueListQuery): Promise<unknown>;
  read(db: Db, id: string): Promise<unknown>;
  create(trx: Trx, body: never, now: Date): Promise<Saved>;
  /** The body's `version`, when given, must be the row's (else edit_conflict, nothing saved). */
  update(trx: Trx, id: string, body: never, now: Date): Promise<Saved>;
  /** Items with drafts: publish / unpublish / archive. */
  statusTable?: StatusTable;
  /** Rows that may be removed outright (when nothing names them). */
  remove?(trx: Trx, id: string): Promise<Saved>;
}

const CATALOGUE_EDITOR_KINDS = {
  category: {
    entityType: 'category',
    notFound: 'not_found',
    list: listCategories,
    read: readCategory,
    create: createCategory,
    update: (trx, id, body) => updateCategory(trx, id, body),
    remove: deleteCategory,
  },
  store: {
    entityType: 'merchant',
    notFound: 'merchant_not_found',
    list: listStores,
    read: readStore,
    create: createStore,
    update: (trx, id, body) => updateStore(trx, id, body),
    remove: deleteStore,
  },
  voucher: {
    entityType: 'voucher',
    notFound: 'voucher_not_found',
    list: listVouchers,
    read: readVoucher,
    create: createVoucher,
    update: updateVoucher,
    statusTable: 'voucher',
  },
  privilege: {
    entityType: 'privilege',
    notFound: 'privilege_not_found',
    list: listPrivileges,
    read: readPrivilege,
    create: createPrivilege,
    update: updatePrivilege,
    statusTable: 'privilege',
  },
  coupon: {
    entityType: 'coupon',
    notFound: 'coupon_not_found',
    list: listCoupons,
    read: readCoupon,
    create: createCoupon,
    update: (trx, id, body) => updateCoupon(trx, id, body),
    statusTable: 'coupon',
  },
  banner: {
    entityType: 'banner',
    notFound: 'not_found',
    list: listBanners,
    read: readBanner,
    create: createBanner,
    update: (trx, id, body) => updateBanner(trx, id, body),
    statusTable: 'banner',
  },
} as const satisfies Record<string, EditorKind>;
export type CatalogueEditorKind = keyof typeof CATALOGUE_EDITOR_KINDS;
const kindOf = (kind: CatalogueEditorKind): EditorKind => CATALOGUE_EDITOR_KINDS[kind];

/**
 * Runs one save: the change and its audit row `catalogue.<entity>.<verb>` in one transaction, then
 * tells this process's catalogue caches. A change answering neither before nor after (nothing
 * changed) writes no audit row. Answers the row's view after the change.
 */
const save = async (
  deps: CatalogueEditorDeps,
  actor: AuditActor,
  kind: CatalogueEditorKind,
  verb: string,
  change: (trx: Trx, now: Date) => Promise<Saved>,
): Promise<unknown> => {
  const { entityType } = kindOf(kind);
  const now = deps.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const r = await change(trx, now);
    if (r.before !== undefined || r.after !== undefined)
      await recordAudit(trx, actor, now, {
        action: `catalogue.${entityType}.${verb}`,
        entityType,
        entityId: r.id,
        before: r.before,
        after: r.after,
      });
    return r;
  });
  deps.changed();
  return result.after;
};

/** A page of rows of `kind` (drafts included). */
export const listCatalogueRows = (
  db: Kysely<Database>,
  kind: CatalogueEditorKind,
  q: AdminCatalogueListQuery,
) => kindOf(kind).list(db, q);

/** One row of `kind` as its edit form shows it; the kind's not-found error when there is none. */
export const readCatalogueRow = async (db: Kysely<Database>, kind: CatalogueEditorKind, id: string) => {
  const k = kindOf(kind);
  const view = await k.read(db, id);
  if (!view) throw new AppError(k.notFound);
  return view;
};

/** A new row of `kind` (items start as drafts). */
export const createCatalogueRow = (
  deps: CatalogueEditorDeps,
  actor: AuditActor,
  kind: CatalogueEditorKind,
  body: unknown,
) => save(deps, actor, kind, 'create', (trx, now) => kindOf(kind).create(trx, body as never, now));

/** Saves the whole form of a row of `kind`; its status is unchanged, its version moves on. */
export const updateCatalogueRow = (
  deps: CatalogueEditorDeps,
  actor: AuditActor,
  kind: CatalogueEditorKind,
  id: string,
  body: unknown,
) => save(deps, actor, kind, 'update', (trx, now) => kindOf(kind).update(trx, id, body as never, now));

/** Removes a row of `kind` that nothing names (stores and categories only). */
export const removeCatalogueRow = async (
  deps: CatalogueEditorDeps,
  actor: AuditActor,
  kind: CatalogueEditorKind,
  id: string,
) => {
  const { remove } = kindOf(kind);
  if (!remove) throw new AppError('method_not_allowed');
  await save(deps, actor, kind, 'delete', (trx) => remove(trx, id));
};

/** Which kinds have a draft state (publish / unpublish / archive). */
export const hasDrafts = (kind: CatalogueEditorKind) => kindOf(kind).statusTable !== undefined;
/** Which kinds may be removed outright (stores and categories, while nothing names them). */
export const isRemovable = (kind: CatalogueEditorKind) => kindOf(kind).remove !== undefined;

/**
 * Publishes, unpublishes or archives an item. The version named (when given) must be the row's,
 * checked under the row's lock; an item already in that status changes nothing (no audit row, the
 * version stays) and answers as it is.
 */
export const moveCatalogueStatus = async (
  deps: CatalogueEditorDeps,
  actor: AuditActor,
  kind: CatalogueEditorKind,
  id: string,
  action: StatusAction,
  expectedVersion: number | undefined,
) => {
  const k = kindOf(kind);
  const table = k.statusTable;
  if (!table) throw new AppError('method_not_allowed');
  // Nothing to move: the row as it is, read under the lock. Read after the commit, it could already show
  // another move made at the same version, and answer this one as if it had made it.
  let unchanged: unknown;
  const after = await save(deps, actor, kind, action, async (trx, now) => {
    const version = await lockForEdit(trx, table, id, k.notFound, expectedVersion);
    if ((await statusOf(trx, table, id)) === STATUS_ACTIONS[action]) {
      unchanged = await k.read(trx, id);
      return { id, after: undefined };
    }
    const before = await k.read(trx, id);
    await moveStatus(trx, table, id, action, version, now);
    return { id, before, after: await k.read(trx, id) };
  });
  return after ?? unchanged;
};

/**
 * An uploaded picture: decoded, cleaned and stored as WebP (normalizeCatalogueImage); the same bytes
 * twice are one row, and only a new one writes an audit row. `staffId` is the uploader, kept on the row.
 */
export const uploadCatalogueImage = async (
  deps: Pick<CatalogueEditorDeps, 'db' | 'now'>,
  actor: AuditActor,
  staffId: string,
  upload: Buffer,
): Promise<StoredImage> => {
  const image = await normalizeCatalogueImage(upload);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    if (await storeCatalogueImage(trx, image, staffId, now))
      await recordAudit(trx, actor, now, {
        action: 'catalogue.image.upload',
        entityType: 'catalogue_image',
        entityId: null,
        after: { file: image.file, width: image.width, height: image.height, bytes: image.bytes.length },
      });
  });
  return image;
};

export { STATUS_ACTIONS, type StatusAction } from './shared.ts';
export { CatalogueFieldErrors } from './shared.ts';
