import type { AdminBanner, BannerBodySchema, AdminCatalogueListQuery } from '@app/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { BANNER_COLUMNS } from '../banners.repository.ts';
import {
  checkImages,
  countWhere,
  dateOrNull,
  FieldChecks,
  isoOrNull,
  lockForEdit,
  mediaUrl,
  onPage,
  pageOf,
  writeVersioned,
  statusFilter,
  type Db,
  type Trx,
} from './shared.ts';

/** Banners in the editor: TOP/BOTTOM, order, optional schedule, picture and in-app link. New = draft. */

type BannerInput = z.output<typeof BannerBodySchema>;

const select = (db: Db) =>
  db.selectFrom('banner as b').select([
    // The member side's banner columns, then the order, schedule and status only the editor shows.
    ...BANNER_COLUMNS,
    'b.sort_order',
    'b.starts_at',
    'b.ends_at',
    'b.status',
    'b.published_at',
    'b.version',
    'b.created_at',
  ]);
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const present = (r: Row): AdminBanner => ({
  id: r.id,
  position: r.position,
  titleTh: r.title_th,
  titleEn: r.title_en,
  subtitleTh: r.subtitle_th,
  subtitleEn: r.subtitle_en,
  imageFile: r.image_file,
  imageUrl: mediaUrl('banners', r.image_file),
  linkPath: r.link_path,
  sortOrder: r.sort_order,
  startsAt: isoOrNull(r.starts_at),
  endsAt: isoOrNull(r.ends_at),
  status: r.status,
  publishedAt: isoOrNull(r.published_at),
  version: r.version,
  createdAt: r.created_at.toISOString(),
});

export const readBanner = async (db: Db, id: string) => {
  const r = await select(db).where('b.id', '=', id).executeTakeFirst();
  return r && present(r);
};

export const listBanners = async (db: Db, q: AdminCatalogueListQuery) => {
  const conds = [statusFilter('b', q.status)];
  if (q.position) conds.push(sql<boolean>`b.position = ${q.position}`);
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (ch) => `\\${ch}`).toLowerCase()}%`;
    conds.push(
      sql<boolean>`(lower(coalesce(b.title_en, '')) like ${like} or lower(coalesce(b.title_th, '')) like ${like})`,
    );
  }
  const where = sql<boolean>`${sql.join(conds, sql` and `)}`;
  const total = await countWhere(db, 'banner', 'b', where);
  const rows = await onPage(
    select(db)
      .where(where)
      .orderBy(sql`b.position = 'TOP'`, 'desc')
      .orderBy('b.sort_order')
      .orderBy('b.created_at')
      .orderBy('b.id'),
    q,
  ).execute();
  return pageOf(rows.map(present), total, q.page, q.pageSize);
};

const values = (b: BannerInput) => ({
  position: b.position,
  title_en: b.titleEn,
  title_th: b.titleTh,
  subtitle_en: b.subtitleEn,
  subtitle_th: b.subtitleTh,
  image_file: b.imageFile,
  link_path: b.linkPath,
  sort_order: b.sortOrder,
  starts_at: dateOrNull(b.startsAt),
  ends_at: dateOrNull(b.endsAt),
});

const check = async (trx: Trx, b: BannerInput) => {
  const checks = new FieldChecks();
  await checkImages(trx, checks, 'banners', [{ path: 'imageFile', file: b.imageFile }]);
  checks.throwIfAny();
};

export const createBanner = async (trx: Trx, b: BannerInput, now: Date) => {
  await check(trx, b);
  const { id } = await trx
    .insertInto('banner')
    .values({ ...values(b), status: 'draft', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, after: await readBanner(trx, id) };
};

export const updateBanner = async (trx: Trx, id: string, b: BannerInput) => {
  const version = await lockForEdit(trx, 'banner', id, 'not_found', b.version);
  const before = await readBanner(trx, id);
  await check(trx, b);
  await writeVersioned(trx, 'banner', id, version, values(b));
  return { id, before, after: await readBanner(trx, id) };
};
