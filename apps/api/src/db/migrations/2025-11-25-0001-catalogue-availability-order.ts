import { sql, type Kysely } from 'kysely';

/*
 * Lists put what can be had now first: on sale now (started, not sold out), then not started yet,
 * then sold out (items.repository.ts reads each group with its own ordered index scan).
 * - `sold_out`, a stored generated column (stock not null and taken ≥ stock): a plain boolean the
 *   planner keeps statistics on — for `sold >= stock` it can only guess a third of the rows, and
 *   then walks a sort index looking for a handful of sold-out rows instead of reading their partial
 *   index — and one byte in the covering indexes instead of two integers.
 * - The covering list indexes of 0002 also INCLUDE the start of the window and `sold_out`, so a
 *   group's page ids and counts still come from index-only scans.
 * - `<table>_list_starts_idx`: the not-yet-started rows (start > now) by a range scan.
 * - `<table>_list_sold_out_idx`: the sold-out rows, a partial index.
 */

const LISTS = [
  { table: 'voucher', price: 'price', from: 'sale_starts_at', until: 'sale_ends_at', taken: 'sold' },
  { table: 'privilege', price: 'points_cost', from: 'valid_from', until: 'valid_until', taken: 'redeemed' },
] as const;

const LIST_INDEXES = ['created', 'price', 'category_created', 'category_price', 'merchant_created'];

/** The covering list indexes; `extra` = what this migration adds to their INCLUDE. */
const createListIndexes = async (db: Kysely<unknown>, l: (typeof LISTS)[number], extra: string[]) => {
  const t = sql.table(l.table);
  const idx = (name: string) => sql.id(`${l.table}_list_${name}_idx`);
  const include = (...cols: string[]) => sql.join([...cols, ...extra].map((c) => sql.ref(c)));
  const p = sql.ref(l.price);
  await sql`create index ${idx('created')} on ${t} (created_at, id) include (${include(l.until, l.price, 'category_id', 'merchant_id')})`.execute(
    db,
  );
  await sql`create index ${idx('price')} on ${t} (${p}, created_at, id) include (${include(l.until, 'category_id', 'merchant_id')})`.execute(
    db,
  );
  await sql`create index ${idx('category_created')} on ${t} (category_id, created_at, id) include (${include(l.until, l.price)})`.execute(
    db,
  );
  await sql`create index ${idx('category_price')} on ${t} (category_id, ${p}, created_at, id) include (${include(l.until)})`.execute(
    db,
  );
  await sql`create index ${idx('merchant_created')} on ${t} (merchant_id, created_at, id) include (${include(l.until, l.price)})`.execute(
    db,
  );
};

const dropListIndexes = async (db: Kysely<unknown>, table: string) => {
  for (const name of LIST_INDEXES)
    await sql`drop index if exists ${sql.id(`${table}_list_${name}_idx`)}`.execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const l of LISTS) {
    const t = sql.table(l.table);
    await sql`alter table ${t} add column sold_out boolean not null
      generated always as (stock is not null and ${sql.ref(l.taken)} >= stock) stored`.execute(db);
    await dropListIndexes(db, l.table);
    await createListIndexes(db, l, [l.from, 'sold_out']);
    await sql`create index ${sql.id(`${l.table}_list_starts_idx`)} on ${t} (${sql.ref(l.from)})
      include (${sql.join([l.until, l.price, 'category_id', 'merchant_id', 'created_at', 'id'].map((c) => sql.ref(c)))})`.execute(
      db,
    );
    await sql`create index ${sql.id(`${l.table}_list_sold_out_idx`)} on ${t} (created_at, id)
      include (${sql.join([l.until, l.price, 'category_id', 'merchant_id', l.from].map((c) => sql.ref(c)))})
      where sold_out`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const l of LISTS) {
    await sql`drop index if exists ${sql.id(`${l.table}_list_starts_idx`)}`.execute(db);
    await sql`drop index if exists ${sql.id(`${l.table}_list_sold_out_idx`)}`.execute(db);
    await dropListIndexes(db, l.table);
    await sql`alter table ${sql.table(l.table)} drop column sold_out`.execute(db);
    await createListIndexes(db, l, []);
  }
}
