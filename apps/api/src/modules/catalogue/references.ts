import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { currentRules } from '../programme/index.ts';

/**
 * Merchants and categories as every catalogue item shows them (names, logo, slug), kept in memory:
 * they are few and rarely change, and joining them into every list query costs a third of its time
 * at 100,000 vouchers. Reloaded after `ttlMs` of the injected clock, and at once when a row names a
 * merchant or category the copy does not know yet (a new store appears immediately). A renamed store
 * shows its new name within `ttlMs`. Per process, no member data.
 */
export interface MerchantRefRow {
  id: string;
  name_en: string | null;
  name_th: string | null;
  logo_file: string;
}

export interface CategoryRefRow {
  id: string;
  slug: string;
  name_en: string | null;
  name_th: string | null;
}

export interface References {
  merchant(id: string): MerchantRefRow;
  category(id: string): CategoryRefRow;
  /** The programme's earn rate in force (a rule change moves the catalogue's version, which clears this copy). */
  bahtPerPoint: number;
}

export interface ReferenceCache {
  /** The references covering every merchant and category id given (reloading once if needed). */
  covering(rows: readonly { merchant_id: string; category_id: string }[]): Promise<References>;
  clear(): void;
}

export const createReferenceCache = (
  db: Kysely<Database>,
  now: () => Date,
  ttlMs = 60_000,
): ReferenceCache => {
  let current:
    | {
        at: number;
        merchants: Map<string, MerchantRefRow>;
        categories: Map<string, CategoryRefRow>;
        bahtPerPoint: number;
      }
    | undefined;
  let loading: Promise<NonNullable<typeof current>> | undefined;

  const load = () =>
    (loading ??= (async () => {
      try {
        const at = now().getTime();
        const merchants = await db
          .selectFrom('merchant')
          .select(['id', 'name_en', 'name_th', 'logo_file'])
          .execute();
        const categories = await db
          .selectFrom('category')
          .select(['id', 'slug', 'name_en', 'name_th'])
          .execute();
        current = {
          at,
          merchants: new Map(merchants.map((m) => [m.id, m])),
          categories: new Map(categories.map((c) => [c.id, c])),
          bahtPerPoint: (await currentRules(db)).bahtPerPoint,
        };
        return current;
      } finally {
        loading = undefined;
      }
    })());

  const covers = (
    c: NonNullable<typeof current>,
    rows: readonly { merchant_id: string; category_id: string }[],
  ) => rows.every((r) => c.merchants.has(r.merchant_id) && c.categories.has(r.category_id));

  return {
    async covering(rows) {
      let c = current && now().getTime() - current.at < ttlMs ? current : await load();
      if (!covers(c, rows)) c = await load();
      const refs = c;
      return {
        bahtPerPoint: refs.bahtPerPoint,
        merchant: (id) => {
          const m = refs.merchants.get(id);
          if (!m) throw new Error(`merchant ${id} not found`);
          return m;
        },
        category: (id) => {
          const k = refs.categories.get(id);
          if (!k) throw new Error(`category ${id} not found`);
          return k;
        },
      };
    },
    clear: () => {
      current = undefined;
    },
  };
};
