import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { demoCatalogue } from '../db/demo/catalogue-data.ts';

/*
 * The rules of locales/GLOSSARY.md, checked on every text the product shows in both languages: the
 * locale files (screens, e-mails, API errors) and the demo catalogue stored in the database (titles,
 * descriptions, terms, option labels, coupons, banners).
 */

type Tree = { [key: string]: unknown };

/** The tier names of the glossary, one per tier and language. */
const TIERS = {
  member: { en: 'Member', th: 'เมมเบอร์' },
  silver: { en: 'Silver', th: 'ซิลเวอร์' },
  gold: { en: 'Gold', th: 'โกลด์' },
  platinum: { en: 'Platinum', th: 'แพลทินัม' },
} as const;

interface Rule {
  name: string;
  bad: RegExp;
}

/** Money as formatMoney writes it: ฿ then whole baht with thousands commas ("฿50", "฿1,250"). */
const MALFORMED_BAHT_SIGN = /฿(?!(?:0|[1-9]\d{0,2}(?:,\d{3})*)(?!\d|[.,]\d)|\))/;
const moneyRules: Rule[] = [
  { name: 'money: ฿ not followed by a whole amount with thousands commas', bad: MALFORMED_BAHT_SIGN },
  { name: 'money: ฿ after the amount', bad: /(?:\d|\}\})\s*฿/ },
  { name: 'money: ฿ before a {{placeholder}} (the amount is already formatted)', bad: /฿\s*\{\{/ },
  { name: 'money: THB', bad: /\bTHB\b/i },
];

const thaiRules: Rule[] = [
  ...moneyRules,
  { name: 'money: บาท after an amount or as a unit (write ฿N, or (฿))', bad: /(?:\d|\}\}|\()\s*บาท/ },
  { name: 'English tier name', bad: /\b(?:member|silver|gold|platinum)\b/i },
  // "Privileges" (capital P, plural) is the app's name, written in Latin in both languages.
  { name: 'English "privilege"', bad: /\bprivilege|\bPRIVILEGE|\bPrivilege(?!s\b)/ },
  { name: 'English "points"', bad: /\b(?:points?|pts)\b/i },
  { name: 'English money word', bad: /\bbaht\b/i },
  { name: 'points are พอยท์ (not คะแนน, แต้ม, พอยต์)', bad: /คะแนน|แต้ม|พอยต์|พ้อยท์/ },
  { name: 'Thai tier name spelt another way', bad: /แพลตินัม|แพลทินั่ม|พลาทินัม|แพลตทินัม|โกล์ด|ซิลเวอร(?!์)/ },
  { name: 'wallet is วอลเล็ท', bad: /วอลเล็ต|วอลเลท|วอลเลต/ },
  // A slash with a space beside it splits a Thai phrase ("1 / แก้ว"); a Thai sentence ends with a
  // space instead. A bare slash between short forms is a format ("ดด/ปป"), or a rate ("{{price}}/เดือน").
  {
    name: 'a Thai phrase split by a spaced slash',
    bad: /(?:[\u0E00-\u0E7F\d]|\}\})\s+\/\s*[\u0E00-\u0E7F]|[\u0E00-\u0E7F]\s*\/\s+[\u0E00-\u0E7F]/,
  },
  { name: 'e-mail is อีเมล', bad: /อีเมล์|อี-เมล/ },
  { name: 'a code is รหัส (โค้ด only in คิวอาร์โค้ด, บาร์โค้ด)', bad: /(?<!คิวอาร์|บาร์)โค้ด/ },
];

/*
 * The screens' and e-mails' own texts never speak of a bag: there the wallet is วอลเล็ท, never กระเป๋า
 * (which the demo catalogue may use for a real bag). Nor do they say how the app works inside ("checks
 * every 30 seconds"), which a member cannot act on.
 */
const localeOnlyRules: { th: Rule[]; en: Rule[] } = {
  th: [{ name: 'the wallet is วอลเล็ท (not กระเป๋า)', bad: /กระเป๋า/ }],
  en: [
    { name: 'how the app works inside (a polling interval)', bad: /\bevery \d+ (?:seconds?|minutes?)\b/i },
  ],
};

const englishRules: Rule[] = [
  ...moneyRules,
  { name: 'money: a number followed by baht (write ฿N)', bad: /\d\s*(?:baht|bht|bt)\b/i },
  { name: 'tier name not capitalised', bad: /\b(?:silver|gold|platinum)\b/ },
  { name: '"Privilege customers" is capitalised', bad: /\bprivilege customers?\b/ },
  { name: 'points are "points" (not pts)', bad: /\bpts\b/i },
  { name: 'email is "email" (not e-mail)', bad: /\be-mail/i },
];

interface Text {
  where: string;
  en: string;
  th: string;
}

/** Every string leaf of a locale file as [dotted.key, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]): [string, string][] =>
    typeof v === 'object' && v !== null
      ? leaves(v as Tree, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)]],
  );
}

const loadLocale = (lang: 'en' | 'th') =>
  new Map(leaves(JSON.parse(readFileSync(join(REPO_ROOT, 'locales', `${lang}.json`), 'utf8')) as Tree));

const en = loadLocale('en');
const th = loadLocale('th');
const localeTexts: Text[] = [...en].map(([key, text]) => ({
  where: `locales ${key}`,
  en: text,
  th: th.get(key) ?? '',
}));

/** Every { en, th } pair anywhere in the demo catalogue, whatever shape it takes. */
function pairs(value: unknown, where: string): Text[] {
  if (typeof value !== 'object' || value === null) return [];
  const v = value as Tree;
  if (typeof v.en === 'string' && typeof v.th === 'string') return [{ where, en: v.en, th: v.th }];
  return Object.entries(v).flatMap(([k, x]) => {
    // Name items by their key (coupons by their code) rather than by their place in the list.
    const item = (x ?? {}) as Tree;
    const name = [item.key, item.code, item.slug].find((n) => typeof n === 'string') ?? k;
    return pairs(x, `${where}.${String(name)}`);
  });
}
const demoTexts = pairs(demoCatalogue, 'demo');

/** Placeholder names are code, not words: "{{points}}" is not the English word "points". */
const unnamed = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '{{}}');

function breaches(texts: Text[], extra: { th: Rule[]; en: Rule[] } = { th: [], en: [] }): string[] {
  return texts.flatMap(({ where, en: enText, th: thText }) => {
    const en = unnamed(enText);
    const th = unnamed(thText);
    return [
      ...[...thaiRules, ...extra.th]
        .filter((r) => r.bad.test(th))
        .map((r) => `${where} (th) ${r.name}: ${th}`),
      ...[...englishRules, ...extra.en]
        .filter((r) => r.bad.test(en))
        .map((r) => `${where} (en) ${r.name}: ${en}`),
      // A tier named in English is named in Thai too, the glossary's way.
      ...Object.values(TIERS)
        .filter(
          (tier) => tier.en !== 'Member' && new RegExp(`\\b${tier.en}\\b`).test(en) && !th.includes(tier.th),
        )
        .map((tier) => `${where} (th) names ${tier.en} in English but not ${tier.th}: ${th}`),
    ];
  });
}

describe('glossary (locales/GLOSSARY.md)', () => {
  it('has the rules right: they catch what they are for', () => {
    const bad = (text: string, rules: Rule[]) => rules.filter((r) => r.bad.test(text)).map((r) => r.name);
    for (const text of [
      'สำหรับสมาชิกระดับ Platinum เท่านั้น',
      'เฉพาะลูกค้า Privilege เท่านั้น',
      'สิทธิพิเศษ (privileges)',
      'คะแนนสะสม',
      'ส่วนลด 50 บาท',
      'ช่วงราคา (บาท)',
      'ลด 50฿',
      '฿ 50',
      '฿1000',
      '฿50.00',
      'ลด ฿{{amount}}',
      'ใช้ได้ 1 / แก้ว',
      'ไม่พบวิธีชำระเงิน / กรุณาลองใหม่ภายหลัง',
    ])
      expect(bad(text, thaiRules), text).not.toEqual([]);
    expect(bad('บัตรกำนัลอยู่ในกระเป๋าของคุณ', localeOnlyRules.th)).not.toEqual([]);
    expect(bad('Checks for news every 30 seconds.', localeOnlyRules.en)).not.toEqual([]);
    for (const text of ['For gold members', '50 baht off', 'THB 50', '฿1,25', 'Your e-mail'])
      expect(bad(text, englishRules), text).not.toEqual([]);
    for (const text of [
      'สำหรับสมาชิกระดับแพลทินัมเท่านั้น',
      'สำหรับลูกค้าสิทธิพิเศษเท่านั้น',
      'ลด ฿50 เมื่อซื้อครบ ฿1,000',
      'ช่วงราคา (฿)',
      'ทีมงาน Privileges',
      'แสดงคิวอาร์โค้ดให้พนักงาน',
      'ส่งรหัส OTP อีกครั้ง',
      'วันหมดอายุ (ดด/ปป)',
      'ราคาต่อบัตร {{}}/เดือน',
    ])
      expect(bad(text, thaiRules), text).toEqual([]);
    for (const text of ['For Gold members and above.', '฿100 off ฿1,000', 'Price (฿)', 'Every Baht Counts'])
      expect(bad(text, englishRules), text).toEqual([]);
  });

  it('names each tier the same way everywhere', () => {
    for (const [tier, name] of Object.entries(TIERS)) {
      expect(en.get(`catalogue.tiers.${tier}`)).toBe(name.en);
      expect(th.get(`catalogue.tiers.${tier}`)).toBe(name.th);
    }
    // The member card shows the tier, so it says the tier's name.
    expect(en.get('profile.card.tierPlaceholder')).toBe(TIERS.member.en);
    expect(th.get('profile.card.tierPlaceholder')).toBe(TIERS.member.th);
  });

  it('locale texts follow the glossary in both languages', () => {
    expect(breaches(localeTexts, localeOnlyRules)).toEqual([]);
  });

  it('demo catalogue texts follow the glossary in both languages', () => {
    expect(demoTexts.length).toBeGreaterThan(400);
    expect(breaches(demoTexts)).toEqual([]);
  });
});
