import type {
  AdminCategory,
  AdminStore,
  AdminCatalogueListQuery,
  CategoryBodySchema,
  StoreBodySchema,
} from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../../app-error.ts';
import type { CategoryRow as CategoryTableRow, Database } from '../../../db/schema.ts';
import {
  checkImages,
  existingIds,
  FieldChecks,
  fieldErrors,
  iso,
  lockForEdit,
  mediaUrl,
  newestFirst,
  onPage,
  pageOf,
  refusedByDatabase,
  writeVersioned,
  type Trx,
} from './shared.ts';

/*
 * Stores (merchants) and categories. They have no draft state: what members see of them is only
 * through the items they hold (a store with nothing published lists no vouchers), and an item's store
 * and category must exist before the item can be saved. Removing one is refused while anything names it.
 */

type Db = Kysely<Database> | Trx;
type CategoryInput = z.output<typeof CategoryBodySchema>;
type StoreInput = z.output<typeof StoreBodySchema>;

const nameMatches = (alias: string, q: string) =>
  sql<boolean>`catalogue_search_key(concat_ws(' ', ${sql.ref(`${alias}.name_en`)}, ${sql.ref(`${alias}.name_th`)})) like '%' || catalogue_search_key(${q.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`;

// ── categories ──────────────────────────────────────────────────────────────────────────────────

const categoryColumns = [
  'id',
  'slug',
  'name_en',
  'name_th',
  'icon_file',
  'sort_order',
  'version',
  'created_at',
] as const;
type CategoryRow = Pick<CategoryTableRow, (typeof categoryColumns)[number]>;

const presentCategory = (r: CategoryRow): AdminCategory => ({
  id: r.id,
  slug: r.slug,
  nameTh: r.name_th,
  nameEn: r.name_en,
  iconFile: r.icon_file,
  iconUrl: mediaUrl('categories', r.icon_file),
  sortOrder: r.sort_order,
  version: r.version,
  createdAt: iso(r.created_at),
});

export const readCategory = async (db: Db, id: string): Promise<AdminCategory | undefined> => {
  const r = await db.selectFrom('category').select(categoryColumns).where('id', '=', id).executeTakeFirst();
  return r && presentCategory(r);
};

export const listCategories = async (db: Db, q: AdminCatalogueListQuery) => {
  let base = db.selectFrom('category as c');
  if (q.q) base = base.where(nameMatches('c', q.q));
  const total = Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await onPage(
    base
      .select(categoryColumns.map((c) => `c.${c}` as const))
      .orderBy('c.sort_order')
      .orderBy('c.created_at')
      .orderBy('c.id'),
    q,
  ).execute();
  return pageOf(rows.map(presentCategory), total, q.page, q.pageSize);
};

const checkCategory = async (trx: Trx, body: CategoryInput, id: string | null) => {
  const checks = new FieldChecks();
  const clash = await trx
    .selectFrom('category')
    .select('id')
    .where('slug', '=', body.slug)
    .$if(id !== null, (qb) => qb.where('id', '<>', id as string))
    .executeTakeFirst();
  if (clash) checks.add('slug', 'slugTaken');
  await checkImages(trx, checks, 'categories', [{ path: 'iconFile', file: body.iconFile }]);
  checks.throwIfAny();
};

const categoryValues = (b: CategoryInput) => ({
  slug: b.slug,
  name_en: b.nameEn,
  name_th: b.nameTh,
  icon_file: b.iconFile,
  sort_order: b.sortOrder,
});

export const createCategory = async (trx: Trx, body: CategoryInput, now: Date) => {
  await checkCategory(trx, body, null);
  const row = await trx
    .insertInto('category')
    .values({ ...categoryValues(body), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => refusedByDatabase(err, 'slug'));
  return { id: row.id, after: await readCategory(trx, row.id) };
};

export const updateCategory = async (trx: Trx, id: string, body: CategoryInput) => {
  const version = await lockForEdit(trx, 'category', id, 'not_found', body.version);
  const before = await readCategory(trx, id);
  await checkCategory(trx, body, id);
  await writeVersioned(trx, 'category', id, version, categoryValues(body), 'slug');
  return { id, before, after: await readCategory(trx, id) };
};

/** Refused while a store, voucher or privilege is in the category. */
export const deleteCategory = async (trx: Trx, id: string) => {
  const before = await readCategory(trx, id);
  if (!before) throw new AppError('not_found');
  const used = await sql<{ n: boolean }>`select exists (select 1 from merchant where category_id = ${id})
    or exists (select 1 from voucher where category_id = ${id})
    or exists (select 1 from privilege where category_id = ${id}) as n`.execute(trx);
  if (used.rows[0]?.n) throw fieldErrors([{ path: 'id', key: 'categoryInUse' }]);
  // The check takes no lock: a store, voucher or privilege added meanwhile makes the foreign key refuse.
  await trx
    .deleteFrom('category')
    .where('id', '=', id)
    .execute()
    .catch((err: unknown) => refusedByDatabase(err, 'id'));
  return { id, before, after: undefined };
};

// ── stores ──────────────────────────────────────────────────────────────────────────────────────

const storeColumns = [
  'id',
  'category_id',
  'name_en',
  'name_th',
  'description_en',
  'description_th',
  'logo_file',
  'version',
  'created_at',
] as const;
type StoreRow = {
  id: string;
  category_id: string;
  name_en: string | null;
  name_th: string | null;
  description_en: string | null;
  description_th: string | null;
  logo_file: string;
  version: number;
  created_at: Date;
};

const presentStore = (r: StoreRow): AdminStore => ({
  id: r.id,
  categoryId: r.category_id,
  nameTh: r.name_th,
  nameEn: r.name_en,
  descriptionTh: r.description_th,
  descriptionEn: r.description_en,
  logoFile: r.logo_file,
  logoUrl: mediaUrl('merchants', r.logo_file),
  version: r.version,
  createdAt: iso(r.created_at),
});

export const readStore = async (db: Db, id: string): Promise<AdminStore | undefined> => {
  const r = await db.selectFrom('merchant').select(storeColumns).where('id', '=', id).executeTakeFirst();
  return r && presentStore(r);
};

export const listStores = async (db: Db, q: AdminCatalogueListQuery) => {
  let base = db.selectFrom('merchant as m');
  if (q.q) base = base.where(nameMatches('m', q.q));
  if (q.categoryId) base = base.where('m.category_id', '=', q.categoryId);
  const total = Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await onPage(
    newestFirst(base.select(storeColumns.map((c) => `m.${c}` as const)), 'm'),
    q,
  ).execute();
  return pageOf(rows.map(presentStore), total, q.page, q.pageSize);
};

const checkStore = async (trx: Trx, body: StoreInput) => {
  const checks = new FieldChecks();
  if (!(await existingIds(trx, 'category', [body.categoryId])).has(body.categoryId.toLowerCase()))
    checks.add('categoryId', 'unknownCategory');
  await checkImages(trx, checks, 'merchants', [{ path: 'logoFile', file: body.logoFile }]);
  checks.throwIfAny();
};

const storeValues = (b: StoreInput) => ({
  category_id: b.categoryId,
  name_en: b.nameEn,
  name_th: b.nameTh,
  description_en: b.descriptionEn,
  description_th: b.descriptionTh,
  logo_file: b.logoFile,
});

export const createStore = async (trx: Trx, body: StoreInput, now: Date) => {
  await checkStore(trx, body);
  const row = await trx
    .insertInto('merchant')
    .values({ ...storeValues(body), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => refusedByDatabase(err, 'categoryId'));
  return { id: row.id, after: await readStore(trx, row.id) };
};

export const updateStore = async (trx: Trx, id: string, body: StoreInput) => {
  const version = await lockForEdit(trx, 'merchant', id, 'merchant_not_found', body.version);
  const before = await readStore(trx, id);
  await checkStore(trx, body);
  await writeVersioned(trx, 'merchant', id, version, storeValues(body), 'categoryId');
  return { id, before, after: await readStore(trx, id) };
};

/** Refused while a voucher, privilege, coupon scope, staff account or order names the store. */
export const deleteStore = async (trx: Trx, id: string) => {
  const before = await readStore(trx, id);
  if (!before) throw new AppError('merchant_not_found');
  const used = await sql<{ n: boolean }>`select exists (select 1 from voucher where merchant_id = ${id})
    or exists (select 1 from privilege where merchant_id = ${id})
    or exists (select 1 from purchase_order_item where merchant_id = ${id}) as n`.execute(trx);
  if (used.rows[0]?.n) throw fieldErrors([{ path: 'id', key: 'storeInUse' }]);
  await trx
    .deleteFrom('merchant')
    .where('id', '=', id)
    .execute()
    .catch((err: unknown) => refusedByDatabase(err, 'id'));
  return { id, before, after: undefined };
};
