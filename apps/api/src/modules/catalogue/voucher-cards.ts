import type { Language } from '@app/contracts';
import { coverFileSql } from './items.repository.ts';
import { localized, localizedList } from './localize.ts';
import { shippedMediaLibrary } from './media.ts';
import { itemTextColumns, type Db } from './query-parts.ts';

/*
 * How a bought voucher is shown outside the catalogue (orders, receipts, the wallet): its texts in
 * the reader's language, picture, store, category and option labels — whatever its sale state now.
 */

export interface VoucherCard {
  id: string;
  title: string;
  imageUrl: string;
  merchant: { id: string; name: string; logoUrl: string };
  category: { id: string; slug: string; name: string };
  description: string;
  terms: string[];
  /** Option id → label, including options since removed from sale. */
  optionLabels: Map<string, string>;
}

/**
 * Vouchers' or privileges' cards by id. Both tables share the columns a card reads; only vouchers
 * have price options.
 */
const itemCards = async (
  db: Db,
  table: 'voucher' | 'privilege',
  itemIds: readonly string[],
  lang: Language,
): Promise<Map<string, VoucherCard>> => {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const media = shippedMediaLibrary();
  // Typed as the voucher table: every column read here has the same name and type in both.
  const rows = await db
    .selectFrom(`${table} as v` as 'voucher as v')
    .innerJoin('merchant as m', 'm.id', 'v.merchant_id')
    .innerJoin('category as c', 'c.id', 'v.category_id')
    .select([
      'v.id',
      'v.title_en',
      'v.title_th',
      ...itemTextColumns('v'),
      'm.id as merchant_id',
      'm.name_en as merchant_name_en',
      'm.name_th as merchant_name_th',
      'm.logo_file',
      'c.id as category_id',
      'c.slug as category_slug',
      'c.name_en as category_name_en',
      'c.name_th as category_name_th',
      coverFileSql(table, 'v'),
    ])
    .where('v.id', 'in', ids)
    .execute();
  const options =
    table === 'voucher'
      ? await db
          .selectFrom('voucher_price_option')
          .select(['id', 'voucher_id', 'label_en', 'label_th'])
          .where('voucher_id', 'in', ids)
          .execute()
      : [];
  const cards = new Map<string, VoucherCard>();
  for (const r of rows) {
    const logoUrl = media.url('merchants', r.logo_file);
    cards.set(r.id, {
      id: r.id,
      title: localized(lang, r.title_en, r.title_th),
      imageUrl: r.cover_file
        ? media.url(table === 'voucher' ? 'vouchers' : 'privileges', r.cover_file)
        : logoUrl,
      merchant: { id: r.merchant_id, name: localized(lang, r.merchant_name_en, r.merchant_name_th), logoUrl },
      category: {
        id: r.category_id,
        slug: r.category_slug,
        name: localized(lang, r.category_name_en, r.category_name_th),
      },
      description: localized(lang, r.description_en, r.description_th),
      terms: localizedList(lang, r.terms_en, r.terms_th),
      optionLabels: new Map(
        options
          .filter((o) => o.voucher_id === r.id)
          .map((o) => [o.id, localized(lang, o.label_en, o.label_th)]),
      ),
    });
  }
  return cards;
};

export const voucherCards = (db: Db, voucherIds: readonly string[], lang: Language) =>
  itemCards(db, 'voucher', voucherIds, lang);

/** Redeemed privileges as the wallet shows them (no price options). */
export const privilegeCards = (db: Db, privilegeIds: readonly string[], lang: Language) =>
  itemCards(db, 'privilege', privilegeIds, lang);
