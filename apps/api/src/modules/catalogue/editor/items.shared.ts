import type { AdminCatalogueListQuery, Tier } from '@app/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { matchesSearch } from '../search.ts';
import {
  checkImages,
  countWhere,
  existingIds,
  FieldChecks,
  mediaUrl,
  newestFirst,
  onPage,
  pageOf,
  statusFilter,
  type Db,
  type Trx,
} from './shared.ts';

/*
 * What vouchers and privileges share in the editor: store, category, texts in both languages, terms,
 * pictures (rows of `<table>_image`, position 1 = the cover), and the list with its filters. The
 * list reads every row (drafts included) newest first through `<table>_admin_created_idx`; `q`
 * matches the same search key members search by (titles, store and category names, both languages).
 */

export type { Db };
type ItemTableName = 'voucher' | 'privilege';

export interface ItemTextInput {
  storeId: string;
  categoryId: string;
  titleTh: string;
  titleEn: string | null;
  descriptionTh: string | null;
  descriptionEn: string | null;
  termsTh: string[];
  termsEn: string[];
  imageFiles: string[];
}

export const itemTextValues = (b: ItemTextInput) => ({
  merchant_id: b.storeId,
  category_id: b.categoryId,
  title_en: b.titleEn,
  title_th: b.titleTh,
  description_en: b.descriptionEn,
  description_th: b.descriptionTh,
  terms_en: b.termsEn,
  terms_th: b.termsTh,
});

export interface ItemRow {
  id: string;
  merchant_id: string;
  category_id: string;
  title_en: string | null;
  title_th: string | null;
  description_en: string | null;
  description_th: string | null;
  terms_en: string[];
  terms_th: string[];
  status: 'draft' | 'published' | 'archived';
  published_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  tier: Tier | null;
  stock: number | null;
  usage_limit: number | null;
}

/** What the editor shows alike of a voucher and a privilege: texts, pictures, state, tier, stock, uses. */
export const presentItem = (r: ItemRow, images: string[], kind: 'vouchers' | 'privileges') => ({
  id: r.id,
  storeId: r.merchant_id,
  categoryId: r.category_id,
  titleTh: r.title_th,
  titleEn: r.title_en,
  descriptionTh: r.description_th,
  descriptionEn: r.description_en,
  termsTh: r.terms_th,
  termsEn: r.terms_en,
  imageFiles: images,
  imageUrls: images.map((f) => mediaUrl(kind, f)),
  status: r.status,
  publishedAt: r.published_at ? r.published_at.toISOString() : null,
  version: r.version,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  tier: r.tier,
  stock: r.stock,
  usageLimit: r.usage_limit,
});

/** Store, category and pictures exist (every problem at once). */
export const checkItemRefs = async (trx: Trx, b: ItemTextInput, kind: 'vouchers' | 'privileges') => {
  const checks = new FieldChecks();
  if (!(await existingIds(trx, 'merchant', [b.storeId])).has(b.storeId.toLowerCase()))
    checks.add('storeId', 'unknownStore');
  if (!(await existingIds(trx, 'category', [b.categoryId])).has(b.categoryId.toLowerCase()))
    checks.add('categoryId', 'unknownCategory');
  await checkImages(
    trx,
    checks,
    kind,
    b.imageFiles.map((file, i) => ({ path: `imageFiles.${i}`, file })),
  );
  return checks;
};

/** The item's pictures become exactly `files`, in order. */
export const replaceImages = async (trx: Trx, table: ItemTableName, id: string, files: string[]) => {
  if (table === 'voucher') {
    await trx.deleteFrom('voucher_image').where('voucher_id', '=', id).execute();
    if (files.length)
      await trx
        .insertInto('voucher_image')
        .values(files.map((file, i) => ({ voucher_id: id, position: i + 1, file })))
        .execute();
  } else {
    await trx.deleteFrom('privilege_image').where('privilege_id', '=', id).execute();
    if (files.length)
      await trx
        .insertInto('privilege_image')
        .values(files.map((file, i) => ({ privilege_id: id, position: i + 1, file })))
        .execute();
  }
};

/** Every picture of each item, in order. */
export const imagesOf = async (db: Db, table: ItemTableName, ids: string[]) => {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows =
    table === 'voucher'
      ? await db
          .selectFrom('voucher_image')
          .select(['voucher_id as item', 'file'])
          .where('voucher_id', 'in', ids)
          .orderBy('position')
          .execute()
      : await db
          .selectFrom('privilege_image')
          .select(['privilege_id as item', 'file'])
          .where('privilege_id', 'in', ids)
          .orderBy('position')
          .execute();
  for (const r of rows) out.get(r.item)?.push(r.file);
  return out;
};

/** Presents item rows with their pictures (read for all of them at once: one query for a page). */
export const withImages = async <R extends { id: string }, V>(
  db: Db,
  table: ItemTableName,
  rows: R[],
  present: (r: R, images: string[]) => V,
): Promise<V[]> => {
  const images = await imagesOf(
    db,
    table,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, images.get(r.id) ?? []));
};

/** The list's conditions over alias `a`: status, store, category, text. */
export const itemListConditions = (a: 'v' | 'p', q: AdminCatalogueListQuery) => {
  const conds = [statusFilter(a, q.status)];
  if (q.storeId) conds.push(sql<boolean>`${sql.ref(`${a}.merchant_id`)} = ${q.storeId}`);
  if (q.categoryId) conds.push(sql<boolean>`${sql.ref(`${a}.category_id`)} = ${q.categoryId}`);
  if (q.q) conds.push(matchesSearch(`${a}.search_text`, q.q));
  return sql<boolean>`${sql.join(conds, sql` and `)}`;
};

/**
 * One item and a page of items as the editor shows them, alike for vouchers and privileges: `select`
 * reads the table's columns as `alias`, `present` makes a row and its pictures the editor's item.
 */
export const itemReads = <R extends { id: string }, V>(
  table: ItemTableName,
  alias: 'v' | 'p',
  select: (db: Db) => SelectQueryBuilder<Database, never, R>,
  present: (r: R, images: string[]) => V,
) => ({
  read: async (db: Db, id: string): Promise<V | undefined> => {
    const r: R | undefined = await select(db)
      .where(sql.ref(`${alias}.id`), '=', id)
      .executeTakeFirst();
    return r && (await withImages(db, table, [r], present))[0];
  },
  list: async (db: Db, q: AdminCatalogueListQuery) => {
    const where = itemListConditions(alias, q);
    const total = await countWhere(db, table, alias, where);
    const rows = await onPage(newestFirst(select(db).where(where), alias), q).execute();
    return pageOf(await withImages(db, table, rows, present), total, q.page, q.pageSize);
  },
});
