// Bench-only: fills the bench database (DATA_DIR's PGlite, or DATABASE_URL) before the app starts —
// the migrations, the demo catalogue, then BENCH_SEED_VOUCHERS (default 100,000) vouchers made from the
// demo ones in ONE generate_series INSERT (not 100k round trips). Run by scripts/bench/run.mjs:
//   npx tsx scripts/bench/seed-catalogue.ts
// Prints one JSON line: { vouchers, seconds }.
import { sql } from 'kysely';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { seedDemoCatalogue } from '../../apps/api/src/db/demo/seed.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { BRAND_EN, BRAND_TH } from './brand-syllables.mjs';

const count = Number(process.env.BENCH_SEED_VOUCHERS ?? 100_000);
/** Enough for every order the checkout bench places at its fixed rate. */
const CHECKOUT_STOCK = 1_000_000;
/** The sell-out burst: many more buyers than this. */
const SELL_OUT_STOCK = 25;

const config = loadConfig();
const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const started = performance.now();
try {
  await migrateToLatest(db);
  const now = new Date();
  await seedDemoCatalogue(db, now);
  if (count > 0) {
    await db.transaction().execute(async (trx) => {
      // Each generated voucher copies a demo voucher (merchant, category, texts, cover picture) and
      // adds a made-up brand of four syllables to both titles (13 million combinations, so a three-syllable
      // piece is rare — Thai ones full of tone marks), prices spread over 0–4,999 baht, creation times
      // one minute apart, a few tiers, privilege-only, limited and ended ones, and — as in a real
      // programme — a few not on sale yet (1 in 30, starting within four weeks) and a few sold out
      // (1 in 24), which lists show after the ones on sale.
      const pick = (syllables: readonly string[], k: number) =>
        sql`(${sql.val(syllables)}::text[])[1 + (hashint4(g.i * 4 + ${k}::int) & 2147483647) % ${syllables.length}::int]`;
      const brand = (syllables: readonly string[]) =>
        sql.join(
          [0, 1, 2, 3].map((k) => pick(syllables, k)),
          sql` || `,
        );
      await sql`
        create temporary table bench_voucher on commit drop as
        select gen_random_uuid() as id, g.i, t.id as template_id,
          initcap(${brand(BRAND_EN)}) as brand_en, ${brand(BRAND_TH)} as brand_th
        from generate_series(1, ${count}::int) as g(i)
        join (select id, row_number() over (order by created_at, id) - 1 as n from voucher) t
          on t.n = g.i % (select count(*) from voucher)`.execute(trx);
      await sql`
        insert into voucher (id, merchant_id, category_id, title_en, title_th, description_en, description_th,
          terms_en, terms_th, price, points_earned, tier, privilege_only, stock, sold, sale_starts_at,
          sale_ends_at, valid_days, usage_limit, price_per_card_month, created_at, updated_at)
        select b.id, t.merchant_id, t.category_id, t.title_en || ' · ' || b.brand_en, t.title_th || ' · ' || b.brand_th,
          t.description_en, t.description_th, t.terms_en, t.terms_th,
          (b.i * 37) % 5000, ((b.i * 37) % 5000) / 25,
          case when b.i % 25 = 0 then 'platinum' when b.i % 10 = 0 then 'gold' end,
          b.i % 20 = 0,
          case when b.i % 3 = 0 then 1000 end,
          case when b.i % 24 = 3 then 1000 when b.i % 30 = 7 then 0 else b.i % 700 end,
          case when b.i % 30 = 7 then ${now}::timestamptz + (1 + b.i % 28) * interval '1 day'
            else ${now}::timestamptz - interval '30 days' end,
          case when b.i % 50 = 0 then ${now}::timestamptz - interval '1 day' end,
          t.valid_days, t.usage_limit, t.price_per_card_month,
          ${now}::timestamptz - b.i * interval '1 minute', ${now}::timestamptz - b.i * interval '1 minute'
        from bench_voucher b join voucher t on t.id = b.template_id`.execute(trx);
      await sql`
        insert into voucher_image (voucher_id, position, file)
        select b.id, 1, i.file from bench_voucher b
        join voucher_image i on i.voucher_id = b.template_id and i.position = 1`.execute(trx);
    });
    // What autovacuum does on a server (PGlite has none): statistics, and the visibility map that
    // lets index-only scans skip the table.
    await sql`vacuum analyze`.execute(db);
  }
  // The checkout bench's own vouchers (scripts/bench/checkout.mjs): stock it can count after the run.
  const benchVoucher = (titleEn: string, titleTh: string, stock: number) =>
    db
      .insertInto('voucher')
      .columns([
        'merchant_id',
        'category_id',
        'title_en',
        'title_th',
        'price',
        'points_earned',
        'stock',
        'sold',
        'sale_starts_at',
        'valid_days',
        'usage_limit',
        'created_at',
        'updated_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('voucher as t')
          .select((s) => [
            't.merchant_id',
            't.category_id',
            s.val(titleEn).as('title_en'),
            s.val(titleTh).as('title_th'),
            s.val(100).as('price'),
            s.val(4).as('points_earned'),
            s.val(stock).as('stock'),
            s.val(0).as('sold'),
            s.val(new Date(now.getTime() - 86_400_000)).as('sale_starts_at'),
            s.val(30).as('valid_days'),
            s.val(1).as('usage_limit'),
            // The oldest: lists, which show the newest first, keep looking as they did.
            s.val(new Date(0)).as('created_at'),
            s.val(new Date(0)).as('updated_at'),
          ])
          .where('t.has_price_options', '=', false)
          .orderBy('t.created_at')
          .limit(1),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
  const checkout = await benchVoucher('Bench checkout voucher', 'บัตรกำนัลทดสอบการชำระเงิน', CHECKOUT_STOCK);
  const sellOut = await benchVoucher('Bench sell-out voucher', 'บัตรกำนัลทดสอบขายหมด', SELL_OUT_STOCK);
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from voucher`.execute(db);
  process.stdout.write(
    `${JSON.stringify({
      vouchers: Number(rows[0]?.n),
      seconds: Math.round((performance.now() - started) / 100) / 10,
      checkoutVoucherId: checkout.id,
      sellOutVoucherId: sellOut.id,
      sellOutStock: SELL_OUT_STOCK,
    })}\n`,
  );
} finally {
  await db.destroy();
}
