import type { Language } from '@app/contracts';
import { sql } from 'kysely';
import { listedSql } from './items.repository.ts';
import { localizedSql } from './localize.ts';
import { COUNT, countOf, isUuid, type Db, type Paging, type RowOf } from './query-parts.ts';
import { VOUCHER_TABLE } from './vouchers.repository.ts';

/** A store with its category, and how many of its vouchers are listed now. */
const merchantQuery = (db: Db, now: Date) =>
  db
    .selectFrom('merchant as m')
    .innerJoin('category as c', 'c.id', 'm.category_id')
    .select([
      'm.id as merchant_id',
      'm.name_en as merchant_name_en',
      'm.name_th as merchant_name_th',
      'm.logo_file as merchant_logo_file',
      'c.id as category_id',
      'c.slug as category_slug',
      'c.name_en as category_name_en',
      'c.name_th as category_name_th',
      'm.description_en',
      'm.description_th',
      sql<
        string | number
      >`(select count(*) from voucher v where v.merchant_id = m.id and ${listedSql(VOUCHER_TABLE, now)})`.as(
        'voucher_count',
      ),
    ]);

export type MerchantRow = RowOf<typeof merchantQuery>;

export const countMerchants = (db: Db) => countOf(db.selectFrom('merchant').select(COUNT));

/** Stores by name in the member's language (with the fallback rule), then id. */
export const listMerchants = (db: Db, lang: Language, page: Paging, now: Date) =>
  merchantQuery(db, now)
    .orderBy(localizedSql(lang, 'm', 'name'))
    .orderBy('m.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export const findMerchant = (db: Db, id: string, now: Date) =>
  isUuid(id) ? merchantQuery(db, now).where('m.id', '=', id).executeTakeFirst() : Promise.resolve(undefined);
