import { sql, type Kysely } from 'kysely';

/*
 * The back office edits the catalogue: drafts, and pictures uploaded by staff.
 *
 * - `status` on voucher, privilege, coupon and banner: 'draft' (being prepared, or taken back from
 *   members), 'published' (members see it), 'archived' (retired: neither members nor the back office's
 *   default list show it; orders and wallet items that name it keep working). The column's default is
 *   'published' so every row written before — the demo seed, the bench seed, test fixtures — stays
 *   visible; the back office always writes 'draft' for a new item.
 * - `published_at`: when the item was first published (never cleared). An item that was never
 *   published is unknown to members everywhere; one taken back after members could buy it still
 *   issues what was paid for (the cart sees its sale as ended).
 * - The member's list indexes (covering, availability groups, recommendations) become partial,
 *   `where status = 'published'`: drafts are not in them at all, so a list page and its totals stay
 *   index-only scans of the same shape as before, and the member queries say `status = 'published'`
 *   literally (a parameter would not match the index's predicate). The back office lists every row
 *   through its own plain `(created_at, id)` index and the full trigram index.
 * - `catalogue_image`: pictures uploaded by staff, re-encoded (WebP, no metadata), named by their
 *   content hash (`u-<hash>.webp`) so their URL can be cached for a year. The catalogue's `*_file`
 *   columns hold either a shipped artwork file name or such a name.
 */

const STATUS_TABLES = ['voucher', 'privilege', 'coupon', 'banner'] as const;

const LISTS = [
  { table: 'voucher', price: 'price', from: 'sale_starts_at', until: 'sale_ends_at', rank: 'sold' },
  {
    table: 'privilege',
    price: 'points_cost',
    from: 'valid_from',
    until: 'valid_until',
    rank: 'like_count',
  },
] as const;

const LIST_INDEXES = ['created', 'price', 'category_created', 'category_price', 'merchant_created'];

/** The member's list indexes of 2025-11-25-0001 (and the ranking one of the first catalogue migration). */
const createMemberIndexes = async (db: Kysely<unknown>, l: (typeof LISTS)[number], published: boolean) => {
  const t = sql.table(l.table);
  const idx = (name: string) => sql.id(`${l.table}_list_${name}_idx`);
  const include = (...cols: string[]) => sql.join([...cols, l.from, 'sold_out'].map((c) => sql.ref(c)));
  const p = sql.ref(l.price);
  const where = published ? sql`where status = 'published'` : sql``;
  await sql`create index ${idx('created')} on ${t} (created_at, id) include (${include(l.until, l.price, 'category_id', 'merchant_id')}) ${where}`.execute(
    db,
  );
  await sql`create index ${idx('price')} on ${t} (${p}, created_at, id) include (${include(l.until, 'category_id', 'merchant_id')}) ${where}`.execute(
    db,
  );
  await sql`create index ${idx('category_created')} on ${t} (category_id, created_at, id) include (${include(l.until, l.price)}) ${where}`.execute(
    db,
  );
  await sql`create index ${idx('category_price')} on ${t} (category_id, ${p}, created_at, id) include (${include(l.until)}) ${where}`.execute(
    db,
  );
  await sql`create index ${idx('merchant_created')} on ${t} (merchant_id, created_at, id) include (${include(l.until, l.price)}) ${where}`.execute(
    db,
  );
  await sql`create index ${sql.id(`${l.table}_list_starts_idx`)} on ${t} (${sql.ref(l.from)})
    include (${sql.join([l.until, l.price, 'category_id', 'merchant_id', 'created_at', 'id'].map((c) => sql.ref(c)))}) ${where}`.execute(
    db,
  );
  await sql`create index ${sql.id(`${l.table}_list_sold_out_idx`)} on ${t} (created_at, id)
    include (${sql.join([l.until, l.price, 'category_id', 'merchant_id', l.from].map((c) => sql.ref(c)))})
    where sold_out ${published ? sql`and status = 'published'` : sql``}`.execute(db);
  await sql`create index ${sql.id(`${l.table}_rank_idx`)} on ${t} (${sql.ref(l.rank)} desc, created_at desc) ${where}`.execute(
    db,
  );
};

const dropMemberIndexes = async (db: Kysely<unknown>, table: string) => {
  for (const name of [...LIST_INDEXES, 'starts', 'sold_out'])
    await sql`drop index if exists ${sql.id(`${table}_list_${name}_idx`)}`.execute(db);
  await sql`drop index if exists ${sql.id(`${table}_rank_idx`)}`.execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of STATUS_TABLES) {
    await sql`alter table ${sql.table(table)}
      add column status text not null default 'published'
        check (status in ('draft', 'published', 'archived')),
      add column published_at timestamptz`.execute(db);
    await sql`update ${sql.table(table)} set published_at = created_at`.execute(db);
  }
  for (const l of LISTS) {
    await dropMemberIndexes(db, l.table);
    await createMemberIndexes(db, l, true);
    // The back office's list: every row, newest first (drafts included).
    await sql`create index ${sql.id(`${l.table}_admin_created_idx`)} on ${sql.table(l.table)} (created_at, id)`.execute(
      db,
    );
  }
  await sql`create table catalogue_image (
    file text primary key check (file ~ '^u-[A-Za-z0-9_-]{16,64}\\.webp$'),
    content_type text not null check (content_type = 'image/webp'),
    bytes bytea not null,
    width integer not null check (width > 0),
    height integer not null check (height > 0),
    staff_id uuid references staff (id) on delete set null,
    created_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists catalogue_image`.execute(db);
  for (const l of LISTS) {
    await sql`drop index if exists ${sql.id(`${l.table}_admin_created_idx`)}`.execute(db);
    await dropMemberIndexes(db, l.table);
    await createMemberIndexes(db, l, false);
  }
  for (const table of STATUS_TABLES)
    await sql`alter table ${sql.table(table)} drop column status, drop column published_at`.execute(db);
}
