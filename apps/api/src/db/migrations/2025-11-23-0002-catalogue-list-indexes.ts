import { sql, type Kysely } from 'kysely';

/*
 * Catalogue lists at 100,000 vouchers (measured by `npm run bench`): covering list indexes. Each
 * sort/filter index carries the other filter columns (INCLUDE), so a page's ids — and the totals —
 * come from an index-only scan (once the table is vacuumed) without reading the wide rows (~1.3 kB:
 * two languages of titles, descriptions, terms) that the offset skips or the count passes over.
 */

const LISTS = [
  { table: 'voucher', price: 'price', until: 'sale_ends_at' },
  { table: 'privilege', price: 'points_cost', until: 'valid_until' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, price, until } of LISTS) {
    for (const name of ['created', 'price', 'category_created', 'category_price', 'merchant_created']) {
      await sql`drop index if exists ${sql.id(`${table}_${name}_idx`)}`.execute(db);
    }
    const t = sql.table(table);
    const p = sql.ref(price);
    const u = sql.ref(until);
    const idx = (name: string) => sql.id(`${table}_list_${name}_idx`);
    await sql`create index ${idx('created')} on ${t} (created_at, id) include (${u}, ${p}, category_id, merchant_id)`.execute(
      db,
    );
    await sql`create index ${idx('price')} on ${t} (${p}, created_at, id) include (${u}, category_id, merchant_id)`.execute(
      db,
    );
    await sql`create index ${idx('category_created')} on ${t} (category_id, created_at, id) include (${u}, ${p})`.execute(
      db,
    );
    await sql`create index ${idx('category_price')} on ${t} (category_id, ${p}, created_at, id) include (${u})`.execute(
      db,
    );
    await sql`create index ${idx('merchant_created')} on ${t} (merchant_id, created_at, id) include (${u}, ${p})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, price } of LISTS) {
    for (const name of ['created', 'price', 'category_created', 'category_price', 'merchant_created']) {
      await sql`drop index if exists ${sql.id(`${table}_list_${name}_idx`)}`.execute(db);
    }
    const idx = (name: string, cols: string[]) =>
      db.schema.createIndex(`${table}_${name}_idx`).on(table).columns(cols).execute();
    await idx('created', ['created_at', 'id']);
    await idx('price', [price, 'created_at']);
    await idx('category_created', ['category_id', 'created_at']);
    await idx('category_price', ['category_id', price]);
    await idx('merchant_created', ['merchant_id', 'created_at']);
  }
}
