import { randomUUID } from 'node:crypto';
import type { Tier } from '@app/contracts';
import type { Insertable, Kysely } from 'kysely';
import { endOfBangkokDay, startOfBangkokDay } from '../../src/db/demo/seed.ts';
import type { Database, VoucherTable } from '../../src/db/schema.ts';

/** A fixed instant: 12:00 in Bangkok on 15 June 2026 (05:00 UTC). */
export const FIXTURE_NOW = new Date('2026-06-15T05:00:00.000Z');
const DAY = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/**
 * A small catalogue whose every row has a purpose in the tests: distinct creation days and prices (so
 * each sort order has one right answer), each availability reason, tiers, a privilege-only voucher,
 * price options, a text missing in one language, Thai titles to search inside.
 */
export const seedCatalogueFixture = async (db: Kysely<Database>, now = FIXTURE_NOW) => {
  const id = () => randomUUID();
  const cat = { cafe: id(), dining: id(), spa: id() };
  await db
    .insertInto('category')
    .values([
      {
        id: cat.cafe,
        slug: 'cafe',
        name_en: 'Cafés',
        name_th: 'คาเฟ่',
        icon_file: 'cafe-1.svg',
        sort_order: 1,
        created_at: now,
      },
      {
        id: cat.spa,
        slug: 'spa',
        name_en: 'Beauty & Wellness',
        name_th: 'ความงามและสุขภาพ',
        icon_file: 'beauty-wellness-1.svg',
        sort_order: 3,
        created_at: now,
      },
      {
        id: cat.dining,
        slug: 'dining',
        name_en: 'Dining',
        name_th: 'ร้านอาหาร',
        icon_file: 'dining-1.svg',
        sort_order: 2,
        created_at: now,
      },
    ])
    .execute();

  const m = { kafae: id(), sen: id(), spa: id(), english: id() };
  const merchant = (mid: string, category: string, en: string | null, th: string | null) => ({
    id: mid,
    category_id: category,
    name_en: en,
    name_th: th,
    description_en: `${en ?? th} description`,
    description_th: th ? `รายละเอียด ${th}` : null,
    logo_file: 'baan-kafae-1.svg',
    created_at: now,
  });
  await db
    .insertInto('merchant')
    .values([
      merchant(m.kafae, cat.cafe, 'Baan Kafae', 'บ้านกาแฟ'),
      merchant(m.sen, cat.dining, 'Sen Saep Kitchen', 'เส้นแซ่บ คิทเช่น'),
      merchant(m.spa, cat.spa, 'Ruen Kaew Spa', 'เรือนแก้ว สปา'),
      merchant(m.english, cat.cafe, 'Only English Store', null),
    ])
    .execute();

  const v = Object.fromEntries(
    [
      'latte',
      'cookie',
      'shabu',
      'spaDay',
      'mug',
      'cake',
      'noodles',
      'tea',
      'massage',
      'english',
      'chicken',
    ].map((k) => [k, id()]),
  ) as Record<
    | 'latte'
    | 'cookie'
    | 'shabu'
    | 'spaDay'
    | 'mug'
    | 'cake'
    | 'noodles'
    | 'tea'
    | 'massage'
    | 'english'
    | 'chicken',
    string
  >;
  const voucher = (
    vid: string,
    merchantId: string,
    categoryId: string,
    title: [string | null, string | null],
    price: number,
    createdDaysAgo: number,
    extra: Partial<Insertable<VoucherTable>> = {},
  ): Insertable<VoucherTable> => ({
    id: vid,
    merchant_id: merchantId,
    category_id: categoryId,
    title_en: title[0],
    title_th: title[1],
    description_en: `About ${title[0] ?? title[1]}`,
    description_th: title[1] ? `เกี่ยวกับ ${title[1]}` : null,
    terms_en: ['Term one.', 'Term two.'],
    terms_th: ['ข้อแรก'],
    price,
    points_earned: Math.floor(price / 25),
    tier: null,
    privilege_only: false,
    stock: null,
    sold: 0,
    sale_starts_at: ago(now, 30),
    sale_ends_at: null,
    valid_days: 30,
    usage_limit: 1,
    price_per_card_month: null,
    created_at: ago(now, createdDaysAgo),
    updated_at: ago(now, createdDaysAgo),
    ...extra,
  });
  await db
    .insertInto('voucher')
    .values([
      voucher(v.latte, m.kafae, cat.cafe, ['Iced Latte', 'ลาเต้เย็น'], 65, 1, { sold: 50 }),
      voucher(v.cookie, m.kafae, cat.cafe, ['Free Cookie', 'คุกกี้ฟรี'], 0, 2, { sold: 100 }),
      voucher(v.shabu, m.sen, cat.dining, ['Shabu Buffet for Two', 'บุฟเฟ่ต์ชาบูสำหรับสองท่าน'], 599, 3, {
        tier: 'gold',
        sold: 30,
      }),
      voucher(v.spaDay, m.spa, cat.spa, ['Spa Day Package', 'แพ็กเกจสปาวันพักผ่อน'], 1990, 4, {
        privilege_only: true,
      }),
      voucher(v.mug, m.kafae, cat.cafe, ['Sold Out Mug', 'แก้วมัคหมดแล้ว'], 250, 5, { stock: 10, sold: 10 }),
      voucher(v.cake, m.kafae, cat.cafe, ['Coming Soon Cake', 'เค้กมาเร็วๆนี้'], 120, 6, {
        sale_starts_at: startOfBangkokDay(now, 2),
      }),
      voucher(v.noodles, m.sen, cat.dining, ['Ending Today Noodles', 'ก๋วยเตี๋ยวหมดเขตวันนี้'], 89, 7, {
        sale_ends_at: endOfBangkokDay(now, 0),
      }),
      voucher(v.tea, m.kafae, cat.cafe, ['Ended Thai Tea', 'ชาไทยหมดเขตแล้ว'], 45, 8, {
        sale_ends_at: endOfBangkokDay(now, -1),
      }),
      // Inserted at 999: the price options' trigger makes it 590, the lowest option.
      voucher(v.massage, m.spa, cat.spa, ['Thai Massage', 'นวดแผนไทยผ่อนคลาย'], 999, 9, {
        sold: 20,
        usage_limit: null,
        price_per_card_month: 299,
      }),
      voucher(v.english, m.english, cat.cafe, ['English Only Voucher', null], 150, 10, {
        tier: 'platinum',
        description_th: '',
      }),
      voucher(v.chicken, m.sen, cat.dining, [null, 'ข้าวมันไก่'], 60, 11),
    ])
    .execute();
  await db
    .insertInto('voucher_price_option')
    .values([
      { voucher_id: v.massage, label_en: '90 minutes', label_th: '90 นาที', price: 790, position: 2 },
      { voucher_id: v.massage, label_en: '60 minutes', label_th: '60 นาที', price: 590, position: 1 },
    ])
    .execute();
  await db
    .insertInto('voucher_image')
    .values([
      { voucher_id: v.massage, position: 2, file: 'rk-thai-massage-2.svg' },
      { voucher_id: v.massage, position: 1, file: 'rk-thai-massage-1.svg' },
      { voucher_id: v.latte, position: 1, file: 'bk-iced-latte-1.svg' },
    ])
    .execute();

  const p = { upsize: id(), goldSpa: id(), soldOut: id(), later: id(), expired: id() };
  const privilege = (
    pid: string,
    merchantId: string,
    categoryId: string,
    title: [string, string],
    pointsCost: number,
    createdDaysAgo: number,
    extra: { tier?: Tier; stock?: number; valid_from?: Date; valid_until?: Date } = {},
  ) => ({
    id: pid,
    merchant_id: merchantId,
    category_id: categoryId,
    title_en: title[0],
    title_th: title[1],
    description_en: `About ${title[0]}`,
    description_th: `เกี่ยวกับ ${title[1]}`,
    points_cost: pointsCost,
    tier: extra.tier ?? null,
    stock: extra.stock ?? null,
    valid_from: extra.valid_from ?? ago(now, 30),
    valid_until: extra.valid_until ?? null,
    usage_limit: 1,
    created_at: ago(now, createdDaysAgo),
    updated_at: ago(now, createdDaysAgo),
  });
  await db
    .insertInto('privilege')
    .values([
      privilege(p.upsize, m.kafae, cat.cafe, ['Free Coffee Upsize', 'อัปไซซ์กาแฟฟรี'], 200, 1),
      privilege(p.goldSpa, m.spa, cat.spa, ['Gold Spa Afternoon', 'บ่ายสปาสำหรับโกลด์'], 5000, 2, {
        tier: 'gold',
      }),
      privilege(p.soldOut, m.sen, cat.dining, ['Chef Table Seat', 'ที่นั่งโต๊ะเชฟ'], 800, 3, { stock: 0 }),
      privilege(p.later, m.kafae, cat.cafe, ['Roastery Tour', 'ทัวร์โรงคั่วกาแฟ'], 1500, 4, {
        valid_from: startOfBangkokDay(now, 3),
      }),
      privilege(p.expired, m.kafae, cat.cafe, ['Old Tasting', 'ชิมกาแฟรอบเก่า'], 300, 5, {
        valid_until: endOfBangkokDay(now, -1),
      }),
    ])
    .execute();
  await db
    .insertInto('privilege_image')
    .values([{ privilege_id: p.upsize, position: 1, file: 'pv-bk-size-upgrade-1.svg' }])
    .execute();

  return { now, cat, m, v, p };
};

export type CatalogueFixture = Awaited<ReturnType<typeof seedCatalogueFixture>>;
