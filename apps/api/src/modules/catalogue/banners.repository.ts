import type { BannerPosition } from '@app/contracts';
import { sql } from 'kysely';
import { and, COUNT, countOf, type Db, type Paging, type RowOf } from './query-parts.ts';

/** A published banner shows within its optional schedule (no start = already, no end = until removed). */
const bannerActive = (now: Date) =>
  and([
    sql`b.status = 'published'`,
    sql`(b.starts_at is null or b.starts_at <= ${now})`,
    sql`(b.ends_at is null or b.ends_at >= ${now})`,
  ]);

/** What a banner row holds for showing it (the back office's editor reads these and its schedule). */
export const BANNER_COLUMNS = [
  'b.id',
  'b.position',
  'b.title_en',
  'b.title_th',
  'b.subtitle_en',
  'b.subtitle_th',
  'b.image_file',
  'b.link_path',
] as const;

const bannerQuery = (db: Db, now: Date) =>
  db.selectFrom('banner as b').select(BANNER_COLUMNS).where(bannerActive(now));

export type BannerRow = RowOf<typeof bannerQuery>;

/** The active banners of one position, in their order. */
export const listBanners = (db: Db, position: BannerPosition, now: Date) =>
  bannerQuery(db, now)
    .where('b.position', '=', position)
    .orderBy('b.sort_order')
    .orderBy('b.created_at')
    .execute();

export const countActiveBanners = (db: Db, now: Date) =>
  countOf(db.selectFrom('banner as b').select(COUNT).where(bannerActive(now)));

/** The ticket-office list: every active banner, TOP before BOTTOM, each by its order. */
export const pageActiveBanners = (db: Db, page: Paging, now: Date) =>
  bannerQuery(db, now)
    .orderBy(sql`b.position = 'TOP'`, 'desc')
    .orderBy('b.sort_order')
    .orderBy('b.created_at')
    .orderBy('b.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
