/*
 * Self-check for the demo catalogue: references, counts, uniqueness and the content mix.
 * Run: npx tsx apps/api/src/db/demo/check.ts   (exit code 1 on any failure; also run by the demo-seed test)
 */
import { demoCatalogue as c, type Text, type DemoVoucher } from './catalogue-data.ts';
import { ICON_KEYS } from './artwork.ts';

const errors: string[] = [];
const warnings: string[] = [];
const fail = (msg: string) => errors.push(msg);
const expect = (cond: unknown, msg: string) => {
  if (!cond) fail(msg);
};

/** Thai script, excluding the baht sign ฿ (U+0E3F) which English copy uses too. */
const THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/;
const KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function checkText(t: Text | undefined, where: string) {
  if (!t) return fail(`${where}: missing text`);
  expect(t.en?.trim(), `${where}: empty en`);
  expect(t.th?.trim(), `${where}: empty th`);
  expect(!THAI.test(t.en), `${where}: en contains Thai`);
  expect(THAI.test(t.th), `${where}: th has no Thai script`);
  expect(t.en.trim() === t.en && t.th.trim() === t.th, `${where}: stray whitespace`);
}

/** Rough sentence count: English by terminal punctuation. */
function sentences(en: string) {
  return en.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length;
}

function unique<T>(items: T[], key: (t: T) => string, what: string) {
  const seen = new Set<string>();
  for (const i of items) {
    const k = key(i);
    if (seen.has(k)) fail(`duplicate ${what}: ${k}`);
    seen.add(k);
  }
  return seen;
}

/* ---------------------------------------------------------------- counts */
expect(c.categories.length === 6, `categories: ${c.categories.length} != 6`);
expect(c.merchants.length === 10, `merchants: ${c.merchants.length} != 10`);
expect(c.vouchers.length === 64, `vouchers: ${c.vouchers.length} != 64`);
expect(c.privileges.length === 22, `privileges: ${c.privileges.length} != 22`);
expect(c.coupons.length === 10, `coupons: ${c.coupons.length} != 10`);
expect(c.banners.length === 6, `banners: ${c.banners.length} != 6`);

/* ---------------------------------------------------------------- uniqueness */
const catSlugs = unique(c.categories, (x) => x.slug, 'category slug');
const merchantKeys = unique(c.merchants, (x) => x.key, 'merchant key');
const voucherKeys = unique(c.vouchers, (x) => x.key, 'voucher key');
const privilegeKeys = unique(c.privileges, (x) => x.key, 'privilege key');
unique(c.coupons, (x) => x.code, 'coupon code');
unique(c.banners, (x) => x.key, 'banner key');
unique(c.categories, (x) => String(x.sortOrder), 'category sortOrder');
unique(c.merchants, (x) => x.name.en, 'merchant en name');
unique(c.merchants, (x) => x.name.th, 'merchant th name');
unique(c.vouchers, (x) => x.title.en, 'voucher en title');
unique(c.vouchers, (x) => x.title.th, 'voucher th title');
unique(c.privileges, (x) => x.title.th, 'privilege th title');
unique(c.vouchers, (x) => String(x.createdDaysAgo), 'voucher createdDaysAgo');
unique(c.privileges, (x) => String(x.createdDaysAgo), 'privilege createdDaysAgo');
for (const pos of ['TOP', 'BOTTOM'] as const)
  unique(
    c.banners.filter((b) => b.position === pos),
    (b) => String(b.sortOrder),
    `${pos} banner sortOrder`,
  );
const allKeys = [
  ...catSlugs,
  ...merchantKeys,
  ...voucherKeys,
  ...privilegeKeys,
  ...c.banners.map((b) => b.key),
];
for (const k of allKeys) expect(KEY.test(k), `not kebab-case: ${k}`);

/* ---------------------------------------------------------------- categories & merchants */
for (const cat of c.categories) {
  checkText(cat.name, `category ${cat.slug}`);
  expect(ICON_KEYS.includes(cat.icon), `category ${cat.slug}: unknown icon ${cat.icon}`);
}
for (const m of c.merchants) {
  checkText(m.name, `merchant ${m.key}`);
  checkText(m.description, `merchant ${m.key} description`);
  expect(catSlugs.has(m.categorySlug), `merchant ${m.key}: unknown category ${m.categorySlug}`);
  expect(/^#[0-9a-f]{6}$/i.test(m.brandColor), `merchant ${m.key}: brandColor`);
  expect(/^#[0-9a-f]{6}$/i.test(m.accentColor), `merchant ${m.key}: accentColor`);
}

/* ---------------------------------------------------------------- vouchers */
const TIER_TERM: Record<string, RegExp> = {
  silver: /Silver members and above/,
  gold: /Gold members and above/,
  platinum: /Platinum members only/,
};
/** "per day", "per week", "per month" in English; วันละ/สัปดาห์ละ/เดือนละ or ต่อวัน/ต่อสัปดาห์/ต่อเดือน in Thai. */
const RATION_EN = /\bper (?:day|week|month)\b/i;
const RATION_TH = /(?:วัน|สัปดาห์|เดือน)ละ|ต่อ(?:วัน|สัปดาห์|เดือน)/;
/** A card's monthly price ("฿299 per card per month") is a price, not a ration of uses. */
const isPriceTerm = (t: Text) => /^Card price ฿/.test(t.en);

const priceRange: Record<string, [number, number]> = {
  cafe: [45, 1500],
  dining: [199, 1500],
  entertainment: [180, 990],
  travel: [990, 12900],
  'beauty-wellness': [450, 7800],
  shopping: [100, 2400],
};

for (const v of c.vouchers) {
  const w = `voucher ${v.key}`;
  checkText(v.title, w);
  checkText(v.description, `${w} description`);
  expect(merchantKeys.has(v.merchantKey), `${w}: unknown merchant ${v.merchantKey}`);
  expect(catSlugs.has(v.categorySlug), `${w}: unknown category ${v.categorySlug}`);
  const n = sentences(v.description.en);
  expect(n >= 1 && n <= 3, `${w}: description has ${n} sentences`);
  expect(v.terms.length >= 2 && v.terms.length <= 5, `${w}: ${v.terms.length} terms`);
  v.terms.forEach((t, i) => checkText(t, `${w} term ${i}`));
  expect(Number.isInteger(v.price) && v.price >= 0, `${w}: price`);
  if (v.priceOptions) {
    expect(
      v.priceOptions.length >= 2 && v.priceOptions.length <= 4,
      `${w}: ${v.priceOptions.length} options`,
    );
    v.priceOptions.forEach((o, i) => checkText(o.label, `${w} option ${i}`));
    expect(v.price === Math.min(...v.priceOptions.map((o) => o.price)), `${w}: price != min option`);
    unique(v.priceOptions, (o) => o.label.en, `${w} option label`);
  }
  // The banner promises 1 point per ฿25 paid: a demo voucher earns the programme's rate, none its own.
  expect(v.pointsEarned === undefined, `${w}: an earn rate of its own breaks the banner's promise`);
  const { limitPerOrder: perOrder, limitPerMember: perMember } = v;
  if (perOrder !== undefined) expect(Number.isInteger(perOrder) && perOrder >= 1, `${w}: limitPerOrder`);
  if (perMember !== undefined) expect(Number.isInteger(perMember) && perMember >= 1, `${w}: limitPerMember`);
  if (perOrder !== undefined && perMember !== undefined)
    expect(perOrder <= perMember, `${w}: more per order than per member`);
  // Free and scarce vouchers are shared out: no member can take a whole batch.
  if (v.price === 0 || (v.stock !== null && v.stock <= 120))
    expect(perMember !== undefined, `${w}: free or scarce without a limit per member`);
  if (v.price > 0 && v.pricePerCardMonth === null) {
    const [lo, hi] = priceRange[v.categorySlug] ?? [0, Infinity];
    if (v.price < lo || v.price > hi) warnings.push(`${w}: price ${v.price} outside ${lo}-${hi}`);
  }
  if (v.stock !== null) expect(v.sold <= v.stock, `${w}: sold > stock`);
  expect(v.sold >= 0, `${w}: sold < 0`);
  if (v.saleStartsInDays > 0) expect(v.sold === 0, `${w}: sold before sale starts`);
  if (v.saleEndsInDays !== null)
    expect(v.saleEndsInDays >= Math.max(0, v.saleStartsInDays), `${w}: sale ends before it starts`);
  expect(v.validDays > 0, `${w}: validDays`);
  expect(v.usageLimit === null || v.usageLimit >= 1, `${w}: usageLimit`);
  expect(v.createdDaysAgo >= 0 && v.createdDaysAgo <= 120, `${w}: createdDaysAgo`);
  expect(v.createdDaysAgo >= -v.saleStartsInDays, `${w}: on sale before it was created`);
  expect([1, 2, 3].includes(v.imageCount), `${w}: imageCount`);
  const termsEn = v.terms.map((t) => t.en).join(' ');
  if (v.tier && v.tier !== 'member')
    expect(TIER_TERM[v.tier]!.test(termsEn), `${w}: tier ${v.tier} without a tier term`);
  if (v.privilegeOnly) expect(/Privilege customers only/.test(termsEn), `${w}: privilege-only without term`);
  if (v.pricePerCardMonth !== null)
    expect(
      termsEn.includes(`฿${v.pricePerCardMonth.toLocaleString('en-US')} per card per month`),
      `${w}: card price term`,
    );
  if (v.price === 0) expect(!v.priceOptions, `${w}: free with options`);
  // A term that rations use by the day, week or month ("One drink per day" / "วันละ 1 แก้ว") means
  // the uses are counted: the voucher cannot be unlimited, or the wallet would offer more than the
  // terms allow. Both languages are read and must agree, so a ration written in one only is caught.
  let rationed = false;
  v.terms.forEach((t, i) => {
    if (isPriceTerm(t)) return;
    const [en, th] = [RATION_EN.test(t.en), RATION_TH.test(t.th)];
    expect(en === th, `${w} term ${i}: a ration per day/week/month in one language only`);
    rationed ||= en || th;
  });
  if (rationed)
    expect(v.usageLimit !== null, `${w}: its terms ration use per day/week/month, yet it is unlimited`);
}

const V = c.vouchers;
const count = (f: (v: DemoVoucher) => boolean) => V.filter(f).length;
const mix = {
  free: count((v) => v.price === 0),
  soldOut: count((v) => v.stock !== null && v.sold === v.stock),
  notOnSaleYet: count((v) => v.saleStartsInDays >= 1 && v.saleStartsInDays <= 10),
  endingToday: count((v) => v.saleEndsInDays === 0),
  endingWithinWeek: count((v) => v.saleEndsInDays !== null && v.saleEndsInDays >= 1 && v.saleEndsInDays <= 7),
  tierOnly: count((v) => v.tier !== null && v.tier !== 'member'),
  privilegeOnly: count((v) => v.privilegeOnly),
  withPriceOptions: count((v) => !!v.priceOptions),
  cardType: count((v) => v.pricePerCardMonth !== null),
  unlimitedStock: count((v) => v.stock === null),
};
const minimum: Record<keyof typeof mix, number> = {
  free: 6,
  soldOut: 5,
  notOnSaleYet: 4,
  endingToday: 3,
  endingWithinWeek: 4,
  tierOnly: 8,
  privilegeOnly: 5,
  withPriceOptions: 5,
  cardType: 4,
  unlimitedStock: 1,
};
for (const k of Object.keys(minimum) as (keyof typeof mix)[])
  expect(mix[k] >= minimum[k], `mix: ${k} = ${mix[k]} < ${minimum[k]}`);

const usage = new Map<string, number>();
for (const v of V) usage.set(String(v.usageLimit), (usage.get(String(v.usageLimit)) ?? 0) + 1);
for (const u of ['null', '1', '3', '5', '10']) expect(usage.has(u), `usage limit ${u} missing`);

const tiers = new Set(V.map((v) => v.tier).filter(Boolean));
for (const t of ['silver', 'gold', 'platinum']) expect(tiers.has(t as never), `no ${t} voucher`);
for (const cat of catSlugs)
  expect(
    V.some((v) => v.categorySlug === cat),
    `no voucher in ${cat}`,
  );
for (const m of merchantKeys)
  expect(
    V.some((v) => v.merchantKey === m),
    `no voucher for ${m}`,
  );

const created = V.map((v) => v.createdDaysAgo);
expect(Math.min(...created) === 0 && Math.max(...created) >= 110, 'createdDaysAgo does not span 0..120');

const searchWords = ['กาแฟ', 'ส่วนลด', 'บุฟเฟ่ต์', 'ตั๋วหนัง', 'ตั๋วเครื่องบิน'];
const searchHits: Record<string, number> = {};
for (const word of searchWords) {
  searchHits[word] = V.filter((v) => v.title.th.includes(word)).length;
  expect(searchHits[word] >= 3, `search word ${word}: only ${searchHits[word]} titles`);
}

/* ---------------------------------------------------------------- privileges */
for (const p of c.privileges) {
  const w = `privilege ${p.key}`;
  checkText(p.title, w);
  checkText(p.description, `${w} description`);
  expect(merchantKeys.has(p.merchantKey), `${w}: unknown merchant`);
  expect(catSlugs.has(p.categorySlug), `${w}: unknown category`);
  const n = sentences(p.description.en);
  expect(n >= 1 && n <= 3, `${w}: description has ${n} sentences`);
  expect(p.terms.length >= 1 && p.terms.length <= 5, `${w}: ${p.terms.length} terms`);
  p.terms.forEach((t, i) => checkText(t, `${w} term ${i}`));
  expect(Number.isInteger(p.pointsCost) && p.pointsCost >= 200 && p.pointsCost <= 15000, `${w}: pointsCost`);
  if (p.tier && p.tier !== 'member')
    expect(TIER_TERM[p.tier]!.test(p.terms.map((t) => t.en).join(' ')), `${w}: tier without term`);
  expect(p.stock === null || p.stock >= 0, `${w}: stock`);
  if (p.validUntilDays !== null)
    expect(p.validUntilDays > Math.max(0, p.validFromDays), `${w}: validity window`);
  expect(p.usageLimit === null || p.usageLimit >= 1, `${w}: usageLimit`);
  expect(p.createdDaysAgo >= 0 && p.createdDaysAgo <= 120, `${w}: createdDaysAgo`);
  expect(p.createdDaysAgo >= -p.validFromDays, `${w}: valid before it was created`);
}
const P = c.privileges;
const pmix = {
  tierOnly: P.filter((p) => p.tier && p.tier !== 'member').length,
  soldOut: P.filter((p) => p.stock === 0).length,
  notYetValid: P.filter((p) => p.validFromDays > 0).length,
  unlimited: P.filter((p) => p.stock === null).length,
};
expect(pmix.tierOnly >= 3, 'privileges: too few tier-only');
expect(pmix.soldOut >= 2, 'privileges: too few sold out');
expect(pmix.notYetValid >= 2, 'privileges: too few not yet valid');
const costs = P.map((p) => p.pointsCost);
expect(
  Math.min(...costs) === 200 && Math.max(...costs) === 15000,
  'privileges: costs do not span 200..15000',
);

/* ------------------------------------------------------ a real programme's shape */
// Most items can be had now, a few open later, a few are gone; lists show the ones on sale first
// (newest first by default), and the first screen — six cards — holds items a new member (the base
// tier) can buy or use.
const shape = <T extends { createdDaysAgo: number; tier: string | null }>(
  what: string,
  items: T[],
  state: (x: T) => 'onSale' | 'upcoming' | 'soldOut',
  openToAll: (x: T) => boolean,
) => {
  const n = (s: string) => items.filter((x) => state(x) === s).length;
  const share = { onSale: n('onSale'), upcoming: n('upcoming'), soldOut: n('soldOut') };
  expect(share.onSale >= 0.8 * items.length, `${what}: only ${share.onSale} of ${items.length} on sale now`);
  for (const s of ['upcoming', 'soldOut'] as const)
    expect(share[s] <= 0.1 * items.length, `${what}: ${share[s]} ${s} is more than a few`);
  const newest = items
    .filter((x) => state(x) === 'onSale')
    .sort((a, b) => a.createdDaysAgo - b.createdDaysAgo)
    .slice(0, 6);
  for (const x of newest) expect(openToAll(x), `${what}: a first-screen item is not open to every member`);
  return share;
};
const voucherShape = shape(
  'vouchers',
  V,
  (v) => (v.saleStartsInDays > 0 ? 'upcoming' : v.stock !== null && v.sold >= v.stock ? 'soldOut' : 'onSale'),
  (v) => (v.tier === null || v.tier === 'member') && !v.privilegeOnly,
);
const privilegeShape = shape(
  'privileges',
  P,
  (p) => (p.validFromDays > 0 ? 'upcoming' : p.stock === 0 ? 'soldOut' : 'onSale'),
  (p) => p.tier === null || p.tier === 'member',
);

/* ---------------------------------------------------------------- coupons */
for (const k of c.coupons) {
  const w = `coupon ${k.code}`;
  checkText(k.title, w);
  checkText(k.description, `${w} description`);
  expect(/^[A-Z0-9]{4,16}$/.test(k.code), `${w}: code format`);
  if (k.discountType === 'percent') {
    expect(k.discountValue >= 1 && k.discountValue <= 100, `${w}: percent value`);
    expect(k.maxDiscount !== null && k.maxDiscount > 0, `${w}: percent without cap`);
  } else {
    expect(k.discountValue > 0 && k.maxDiscount === null, `${w}: fixed value/cap`);
    expect(k.minSpend > k.discountValue, `${w}: fixed discount not below min spend`);
  }
  expect(k.minSpend >= 0, `${w}: minSpend`);
  expect(k.endsInDays > k.startsInDays, `${w}: window`);
  for (const m of k.merchantKeys) expect(merchantKeys.has(m), `${w}: unknown merchant ${m}`);
  for (const v of k.voucherKeys) expect(voucherKeys.has(v), `${w}: unknown voucher ${v}`);
  expect(k.perMemberLimit !== null && k.perMemberLimit >= 1 && k.perMemberLimit <= 3, `${w}: perMemberLimit`);
  expect(k.totalLimit === null || k.totalLimit >= 1, `${w}: totalLimit`);
}
const K = c.coupons;
const kmix = {
  percent: K.filter((k) => k.discountType === 'percent').length,
  fixed: K.filter((k) => k.discountType === 'fixed').length,
  merchantLimited: K.filter((k) => k.merchantKeys.length).length,
  voucherLimited: K.filter((k) => k.voucherKeys.length).length,
  wholeCatalogue: K.filter((k) => !k.merchantKeys.length && !k.voucherKeys.length).length,
  expired: K.filter((k) => k.endsInDays < 0).length,
  notStarted: K.filter((k) => k.startsInDays > 0).length,
  totalLimited: K.filter((k) => k.totalLimit !== null).length,
};
for (const [k, n] of Object.entries(kmix)) expect(n >= 1, `coupons: no ${k}`);
expect(kmix.expired === 1 && kmix.notStarted === 1, 'coupons: want exactly one expired and one not started');

/* ---------------------------------------------------------------- banners */
expect(c.banners.filter((b) => b.position === 'TOP').length === 4, 'banners: want 4 TOP');
expect(c.banners.filter((b) => b.position === 'BOTTOM').length === 2, 'banners: want 2 BOTTOM');
for (const b of c.banners) {
  checkText(b.title, `banner ${b.key}`);
  checkText(b.subtitle, `banner ${b.key} subtitle`);
  const l = b.linkTo;
  if (l && 'voucherKey' in l) expect(voucherKeys.has(l.voucherKey), `banner ${b.key}: unknown voucher`);
  if (l && 'privilegeKey' in l)
    expect(privilegeKeys.has(l.privilegeKey), `banner ${b.key}: unknown privilege`);
  if (l && 'categorySlug' in l) expect(catSlugs.has(l.categorySlug), `banner ${b.key}: unknown category`);
}

/* ---------------------------------------------------------------- report */
const perCategory = Object.fromEntries(
  c.categories.map((cat) => [cat.slug, V.filter((v) => v.categorySlug === cat.slug).length]),
);
console.log('Demo catalogue');
console.log(
  `  categories ${c.categories.length}, merchants ${c.merchants.length}, vouchers ${V.length}, ` +
    `privileges ${P.length}, coupons ${K.length}, banners ${c.banners.length}`,
);
console.log('  vouchers per category', perCategory);
console.log('  voucher mix', mix);
console.log('  usage limits', Object.fromEntries(usage));
console.log('  Thai search words (titles)', searchHits);
console.log('  privilege mix', pmix, `points ${Math.min(...costs)}-${Math.max(...costs)}`);
console.log('  now: vouchers', voucherShape, 'privileges', privilegeShape);
console.log('  coupon mix', kmix);
console.log(`  images: ${V.reduce((s, v) => s + v.imageCount, 0)} voucher images`);
for (const w of warnings) console.log('  warn:', w);
if (errors.length) {
  console.error(`\nFAILED (${errors.length}):`);
  for (const e of errors) console.error('  -', e);
  process.exit(1);
}
console.log('\nOK: all references resolve, counts and mix rules hold.');
