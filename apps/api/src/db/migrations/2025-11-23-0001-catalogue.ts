import { sql, type Kysely } from 'kysely';

/*
 * The catalogue: categories, merchants, vouchers (+ price options, images), privileges (+ images,
 * likes), coupons (+ the merchants and vouchers they apply to), banners; and the member's tier.
 *
 * Member-visible texts are `<name>_en` / `<name>_th`, nullable: a missing text (NULL or '') falls
 * back to the other language (see modules/catalogue/localize.ts).
 *
 * Search: `search_text` holds catalogue_search_key(titles + merchant names + category names, both
 * languages), kept up to date by triggers, with a pg_trgm GIN index. The key lower-cases and maps the
 * Thai marks pg_trgm treats as word breaks (tone marks, ็ ์ ๆ ฯ) to letters, so a Thai word stays ONE
 * trigram word and a piece of it finds it through the index (DECISIONS-catalogue.md has the figures).
 */

const TIERS = sql`('member', 'silver', 'gold', 'platinum')`;

/** The Thai characters pg_trgm (C.UTF-8 ctype, PostgreSQL and PGlite) does not count as letters… */
export const THAI_WORD_BREAKERS = 'ฯๆ็่้๊๋์๎';
/** …and the Yi syllables (letters, caseless, never in a Thai/English catalogue) they map to. */
export const THAI_WORD_BREAKER_STAND_INS = 'ꀀꀁꀂꀃꀄꀅꀆꀇꀈ';

/** Where pg_trgm lives: created in `public` when possible, so a dropped schema never takes it away. */
const trigramSchema = async (db: Kysely<unknown>): Promise<string> => {
  const find = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  const existing = await find();
  if (existing) return existing;
  const { rows } = await sql<{ pub: boolean }>`select to_regnamespace('public') is not null as pub`.execute(
    db,
  );
  if (rows[0]?.pub) await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  else await sql`create extension if not exists pg_trgm`.execute(db);
  const created = await find();
  if (!created) throw new Error('pg_trgm could not be installed');
  return created;
};

const texts = (t: ReturnType<Kysely<unknown>['schema']['createTable']>, ...names: string[]) => {
  let table = t;
  for (const n of names) table = table.addColumn(`${n}_en`, 'text').addColumn(`${n}_th`, 'text');
  return table;
};

/** At least one language present (NULL and '' both mean missing). */
const oneOf = (name: string) =>
  sql`coalesce(${sql.ref(`${name}_en`)}, '') <> '' or coalesce(${sql.ref(`${name}_th`)}, '') <> ''`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const trgm = await trigramSchema(db);
  const trgmOps = sql.raw(`"${trgm.replaceAll('"', '""')}".gin_trgm_ops`);

  await db.schema
    .alterTable('member')
    .addColumn('tier', 'text', (c) =>
      c
        .notNull()
        .defaultTo('member')
        .check(sql`tier in ${TIERS}`),
    )
    .execute();

  await sql`
    create function catalogue_search_key(t text) returns text
    language sql immutable parallel safe
    as $$ select translate(regexp_replace(lower(t), '\\s+', ' ', 'g'), ${sql.lit(THAI_WORD_BREAKERS)}, ${sql.lit(THAI_WORD_BREAKER_STAND_INS)}) $$`.execute(
    db,
  );

  await texts(
    db.schema
      .createTable('category')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('slug', 'text', (c) =>
        c
          .notNull()
          .unique()
          .check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
      ),
    'name',
  )
    .addColumn('icon_file', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('category_name_present', oneOf('name'))
    .execute();

  await texts(
    db.schema
      .createTable('merchant')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('category_id', 'uuid', (c) => c.notNull().references('category.id')),
    'name',
    'description',
  )
    .addColumn('logo_file', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('merchant_name_present', oneOf('name'))
    .execute();
  await db.schema.createIndex('merchant_category_id_idx').on('merchant').column('category_id').execute();

  await texts(
    db.schema
      .createTable('voucher')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('merchant_id', 'uuid', (c) => c.notNull().references('merchant.id'))
      .addColumn('category_id', 'uuid', (c) => c.notNull().references('category.id')),
    'title',
    'description',
  )
    .addColumn('terms_en', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('terms_th', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // Whole baht, 0 = free. With price options: the lowest option (kept by a trigger).
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('has_price_options', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('points_earned', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`points_earned >= 0`),
    )
    // Minimum tier; NULL = everyone.
    .addColumn('tier', 'text', (c) => c.check(sql`tier in ${TIERS}`))
    .addColumn('privilege_only', 'boolean', (c) => c.notNull().defaultTo(false))
    // NULL = unlimited.
    .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
    .addColumn('sold', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`sold >= 0`),
    )
    .addColumn('sale_starts_at', 'timestamptz', (c) => c.notNull())
    // NULL = no end.
    .addColumn('sale_ends_at', 'timestamptz')
    // A purchased code stays valid this many days.
    .addColumn('valid_days', 'integer', (c) => c.notNull().check(sql`valid_days > 0`))
    // Uses per purchased code; NULL = unlimited.
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit >= 1`))
    .addColumn('price_per_card_month', 'integer', (c) => c.check(sql`price_per_card_month >= 0`))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('voucher_title_present', oneOf('title'))
    .addCheckConstraint('voucher_sale_window', sql`sale_ends_at is null or sale_ends_at >= sale_starts_at`)
    .execute();

  await texts(
    db.schema
      .createTable('voucher_price_option')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('voucher_id', 'uuid', (c) => c.notNull().references('voucher.id').onDelete('cascade')),
    'label',
  )
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('voucher_price_option_label_present', oneOf('label'))
    .execute();
  await db.schema
    .createIndex('voucher_price_option_voucher_id_idx')
    .on('voucher_price_option')
    .columns(['voucher_id', 'position'])
    .execute();

  await db.schema
    .createTable('voucher_image')
    .addColumn('voucher_id', 'uuid', (c) => c.notNull().references('voucher.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_image_pk', ['voucher_id', 'position'])
    .execute();

  await texts(
    db.schema
      .createTable('privilege')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('merchant_id', 'uuid', (c) => c.notNull().references('merchant.id'))
      .addColumn('category_id', 'uuid', (c) => c.notNull().references('category.id')),
    'title',
    'description',
  )
    .addColumn('terms_en', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('terms_th', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('points_cost', 'integer', (c) => c.notNull().check(sql`points_cost >= 0`))
    .addColumn('tier', 'text', (c) => c.check(sql`tier in ${TIERS}`))
    .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
    .addColumn('redeemed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`redeemed >= 0`),
    )
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_until', 'timestamptz')
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit >= 1`))
    .addColumn('like_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`like_count >= 0`),
    )
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('privilege_title_present', oneOf('title'))
    .addCheckConstraint('privilege_validity', sql`valid_until is null or valid_until >= valid_from`)
    .execute();

  await db.schema
    .createTable('privilege_image')
    .addColumn('privilege_id', 'uuid', (c) => c.notNull().references('privilege.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('privilege_image_pk', ['privilege_id', 'position'])
    .execute();

  await db.schema
    .createTable('privilege_like')
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('privilege_id', 'uuid', (c) => c.notNull().references('privilege.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('privilege_like_pk', ['member_id', 'privilege_id'])
    .execute();
  await db.schema
    .createIndex('privilege_like_member_created_idx')
    .on('privilege_like')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('privilege_like_privilege_id_idx')
    .on('privilege_like')
    .column('privilege_id')
    .execute();

  await texts(
    db.schema
      .createTable('coupon')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('code', 'text', (c) =>
        c
          .notNull()
          .unique()
          .check(sql`code = upper(code)`),
      ),
    'title',
    'description',
  )
    .addColumn('discount_type', 'text', (c) => c.notNull().check(sql`discount_type in ('percent', 'fixed')`))
    .addColumn('discount_value', 'integer', (c) => c.notNull().check(sql`discount_value > 0`))
    .addColumn('max_discount', 'integer', (c) => c.check(sql`max_discount > 0`))
    .addColumn('min_spend', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`min_spend >= 0`),
    )
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    // NULL = no limit.
    .addColumn('total_limit', 'integer', (c) => c.check(sql`total_limit >= 1`))
    .addColumn('used_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used_count >= 0`),
    )
    .addColumn('per_member_limit', 'integer', (c) => c.check(sql`per_member_limit >= 1`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('coupon_title_present', oneOf('title'))
    .addCheckConstraint('coupon_window', sql`ends_at > starts_at`)
    .addCheckConstraint(
      'coupon_percent',
      sql`discount_type <> 'percent' or (discount_value between 1 and 100)`,
    )
    .execute();
  await db.schema.createIndex('coupon_ends_at_idx').on('coupon').columns(['ends_at', 'starts_at']).execute();

  await db.schema
    .createTable('coupon_merchant')
    .addColumn('coupon_id', 'uuid', (c) => c.notNull().references('coupon.id').onDelete('cascade'))
    .addColumn('merchant_id', 'uuid', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('coupon_merchant_pk', ['coupon_id', 'merchant_id'])
    .execute();
  await db.schema
    .createIndex('coupon_merchant_merchant_id_idx')
    .on('coupon_merchant')
    .column('merchant_id')
    .execute();
  await db.schema
    .createTable('coupon_voucher')
    .addColumn('coupon_id', 'uuid', (c) => c.notNull().references('coupon.id').onDelete('cascade'))
    .addColumn('voucher_id', 'uuid', (c) => c.notNull().references('voucher.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('coupon_voucher_pk', ['coupon_id', 'voucher_id'])
    .execute();
  await db.schema
    .createIndex('coupon_voucher_voucher_id_idx')
    .on('coupon_voucher')
    .column('voucher_id')
    .execute();

  await texts(
    db.schema
      .createTable('banner')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('position', 'text', (c) => c.notNull().check(sql`position in ('TOP', 'BOTTOM')`)),
    'title',
    'subtitle',
  )
    .addColumn('image_file', 'text', (c) => c.notNull())
    // An in-app path (/vouchers/<id>, /privileges/<id>, /vouchers?category=<slug>); NULL = not clickable.
    .addColumn('link_path', 'text', (c) => c.check(sql`link_path like '/%'`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    // Optional schedule: NULL = from always / until always.
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('banner_title_present', oneOf('title'))
    .execute();
  await db.schema
    .createIndex('banner_position_idx')
    .on('banner')
    .columns(['position', 'sort_order'])
    .execute();

  // Lists sort by created_at or price (both directions: a b-tree reads backwards), optionally within
  // a category or a merchant; recommendations rank by sales / likes.
  for (const [table, price, rank] of [
    ['voucher', 'price', 'sold'],
    ['privilege', 'points_cost', 'like_count'],
  ] as const) {
    const idx = (name: string, cols: string[]) =>
      db.schema.createIndex(`${table}_${name}_idx`).on(table).columns(cols).execute();
    await idx('created', ['created_at', 'id']);
    await idx('price', [price, 'created_at']);
    await idx('category_created', ['category_id', 'created_at']);
    await idx('category_price', ['category_id', price]);
    await idx('merchant_created', ['merchant_id', 'created_at']);
    await idx('rank', [`${rank} desc`, 'created_at desc']);
    await sql`create index ${sql.id(`${table}_search_trgm_idx`)} on ${sql.table(table)} using gin (search_text ${trgmOps})`.execute(
      db,
    );
  }

  // search_text: the row's own titles + its merchant's and category's names, recomputed on every
  // change of any of them.
  for (const table of ['voucher', 'privilege'] as const) {
    await sql`
      create function ${sql.id(`${table}_search_text`)}() returns trigger language plpgsql as $$
      begin
        new.search_text := catalogue_search_key(concat_ws(' ', new.title_en, new.title_th,
          (select concat_ws(' ', m.name_en, m.name_th) from merchant m where m.id = new.merchant_id),
          (select concat_ws(' ', c.name_en, c.name_th) from category c where c.id = new.category_id)));
        return new;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_search_text`)}
      before insert or update of title_en, title_th, merchant_id, category_id on ${sql.table(table)}
      for each row execute function ${sql.id(`${table}_search_text`)}()`.execute(db);
  }
  for (const [table, column] of [
    ['merchant', 'merchant_id'],
    ['category', 'category_id'],
  ] as const) {
    await sql`
      create function ${sql.id(`${table}_names_changed`)}() returns trigger language plpgsql as $$
      begin
        update voucher set title_en = title_en where ${sql.ref(column)} = new.id;
        update privilege set title_en = title_en where ${sql.ref(column)} = new.id;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_names_changed`)}
      after update of name_en, name_th on ${sql.table(table)} for each row
      when (old.name_en is distinct from new.name_en or old.name_th is distinct from new.name_th)
      execute function ${sql.id(`${table}_names_changed`)}()`.execute(db);
  }

  // price = the lowest option whenever a voucher has options.
  await sql`
    create function voucher_price_from_options() returns trigger language plpgsql as $$
    declare vid uuid := coalesce(new.voucher_id, old.voucher_id);
    begin
      update voucher v set
        price = coalesce((select min(o.price) from voucher_price_option o where o.voucher_id = vid), v.price),
        has_price_options = exists (select 1 from voucher_price_option o where o.voucher_id = vid)
      where v.id = vid;
      if tg_op = 'UPDATE' and old.voucher_id is distinct from new.voucher_id then
        update voucher v set
          price = coalesce((select min(o.price) from voucher_price_option o where o.voucher_id = old.voucher_id), v.price),
          has_price_options = exists (select 1 from voucher_price_option o where o.voucher_id = old.voucher_id)
        where v.id = old.voucher_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger voucher_price_from_options
    after insert or update or delete on voucher_price_option
    for each row execute function voucher_price_from_options()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'banner',
    'coupon_voucher',
    'coupon_merchant',
    'coupon',
    'privilege_like',
    'privilege_image',
    'privilege',
    'voucher_image',
    'voucher_price_option',
    'voucher',
    'merchant',
    'category',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  for (const f of [
    'voucher_search_text',
    'privilege_search_text',
    'merchant_names_changed',
    'category_names_changed',
    'voucher_price_from_options',
  ]) {
    await sql`drop function if exists ${sql.id(f)}()`.execute(db);
  }
  await sql`drop function if exists catalogue_search_key(text)`.execute(db);
  await db.schema.alterTable('member').dropColumn('tier').execute();
}
