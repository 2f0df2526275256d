import { describe, expect, it } from 'vitest';
import { shellTexts } from './resources.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf as [dotted.key, value]. */
function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null
      ? leaves(v, `${prefix}${k}.`)
      : [[`${prefix}${k}`, v] as [string, unknown]],
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const en = new Map(leaves((await shellTexts.en()).default as Tree));
const th = new Map(leaves((await shellTexts.th()).default as Tree));

describe('locales', () => {
  it('th.json has every key of en.json', () => {
    expect([...en.keys()].filter((k) => !th.has(k))).toEqual([]);
  });

  it('en.json has every key of th.json', () => {
    expect([...th.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it('has no empty or non-text values', () => {
    const bad = [...en, ...th].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const mismatched = [...en].filter(
      ([k, v]) =>
        JSON.stringify(placeholders(String(v))) !== JSON.stringify(placeholders(String(th.get(k) ?? ''))),
    );
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it('is really Thai: most Thai texts contain Thai script', () => {
    const thai = /[\u0E00-\u0E7F]/;
    const shared = [
      'app.name',
      'language.names.en',
      'signin.emailPlaceholder',
      'profile.edit.placeholders.phoneNumber',
      // A phone number, "× 2" and "×3" read the same in both languages.
      'checkout.contact.phonePlaceholder',
      'checkout.items.quantity',
      'wallet.group.times',
    ];
    const untranslated = [...th]
      .filter(
        ([k, v]) =>
          !shared.includes(k) && !k.startsWith('profile.edit.listSeparator') && !thai.test(String(v)),
      )
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
  });
});
