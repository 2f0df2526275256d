import type { Db } from './query-parts.ts';

/** Every category, in display order. */
export const listCategories = (db: Db) =>
  db
    .selectFrom('category')
    .select(['id', 'slug', 'name_en', 'name_th', 'icon_file', 'sort_order'])
    .orderBy('sort_order')
    .orderBy('slug')
    .execute();
