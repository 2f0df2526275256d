import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { rememberPlainTexts } from './plain-texts.ts';
import allEnglish from '../../../../../locales/en.json';
import allThai from '../../../../../locales/th.json';

async function instance() {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    resources: {
      en: {
        translation: { nav: { home: 'Home', badge_one: '{{count}} item', badge_other: '{{count}} items' } },
      },
      th: { translation: { nav: { home: 'หน้าแรก' } } },
    },
  });
  rememberPlainTexts(i18n);
  return i18n;
}

describe('plain texts remembered per language', () => {
  it('look a plain key up once per language, and give each language its own text', async () => {
    const i18n = await instance();
    const lookups = vi.spyOn(i18n, 'getResource');
    const en = i18n.getFixedT('en');
    const th = i18n.getFixedT('th');
    expect(en('nav.home' as never)).toBe('Home');
    expect(en('nav.home' as never)).toBe('Home');
    expect(i18n.getFixedT('en')('nav.home' as never)).toBe('Home');
    expect(th('nav.home' as never)).toBe('หน้าแรก');
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('leave texts with values to i18next on every call', async () => {
    const i18n = await instance();
    const en = i18n.getFixedT('en');
    expect(en('nav.badge' as never, { count: 1 } as never)).toBe('1 item');
    expect(en('nav.badge' as never, { count: 3 } as never)).toBe('3 items');
  });

  it('forget what they hold when texts arrive: a key asked for too early is looked up again', async () => {
    const i18n = await instance();
    const en = i18n.getFixedT('en');
    expect(en('cart.title' as never)).toBe('cart.title');
    i18n.addResourceBundle('en', 'translation', { cart: { title: 'Cart' } }, true, false);
    expect(en('cart.title' as never)).toBe('Cart');
    i18n.removeResourceBundle('en', 'translation');
    expect(en('nav.home' as never)).toBe('nav.home');
  });

  it('keep the shape react-i18next reads off a fixed t', async () => {
    const i18n = await instance();
    const t = i18n.getFixedT('th', 'translation') as unknown as { lng: string; ns: string };
    expect({ lng: t.lng, ns: t.ns }).toEqual({ lng: 'th', ns: 'translation' });
  });
});

describe('plain texts read straight from the store', () => {
  it('give what i18next gives: fallbacks, missing keys, values left to fill, nested texts, objects', async () => {
    const i18n = createInstance();
    const resources = {
      en: {
        translation: {
          a: {
            plain: 'Plain',
            only: 'English only',
            values: 'Hi {{name}}',
            nest: 'See $t(a.plain)',
            empty: '',
          },
          group: { one: 'One' },
        },
      },
      th: { translation: { a: { plain: 'ธรรมดา' } } },
    };
    await i18n.init({ lng: 'th', fallbackLng: 'en', interpolation: { escapeValue: false }, resources });
    const keys = ['a.plain', 'a.only', 'a.values', 'a.nest', 'a.empty', 'a.missing', 'group', 'ns:a.plain'];
    const expected = keys.map((key) => [
      i18n.getFixedT('th')(key as never),
      i18n.getFixedT('en')(key as never),
    ]);
    rememberPlainTexts(i18n);
    const got = keys.map((key) => [i18n.getFixedT('th')(key as never), i18n.getFixedT('en')(key as never)]);
    expect(got).toEqual(expected);
    expect(got[0]).toEqual(['ธรรมดา', 'Plain']);
    expect(got[1]).toEqual(['English only', 'English only']);
  });
});

/** i18next's translator, which every call it answers goes through (not in its public types). */
const translatorOf = (i18n: object) =>
  (i18n as { translator: { translate: (...args: unknown[]) => unknown } }).translator;

describe('texts with values', () => {
  const resources = {
    en: { translation: { hi: 'Hi {{name}}, {{n}} left', odd: 'Hi {{ name }}', fmt: '{{n, number}}' } },
    th: { translation: { hi: 'สวัสดี {{name}} เหลือ {{n}}' } },
  };
  async function both() {
    const plain = createInstance();
    await plain.init({ lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false }, resources });
    const remembering = createInstance();
    await remembering.init({
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      resources,
    });
    rememberPlainTexts(remembering);
    return { plain, remembering };
  }

  it('are filled in without i18next where values are all a call asks for', async () => {
    const { remembering } = await both();
    const translate = vi.spyOn(translatorOf(remembering), 'translate');
    const en = remembering.getFixedT('en');
    expect(en('hi' as never, { name: 'Ann', n: 3 } as never)).toBe('Hi Ann, 3 left');
    expect(en('odd' as never, { name: 'Ann' } as never)).toBe('Hi Ann');
    expect(remembering.getFixedT('th')('hi' as never, { name: 'แอน', n: 0 } as never)).toBe(
      'สวัสดี แอน เหลือ 0',
    );
    expect(translate).not.toHaveBeenCalled();
  });

  it('are left to i18next for a count, an option, a missing or odd value, a format', async () => {
    const { plain, remembering } = await both();
    const calls: [string, object][] = [
      ['hi', { name: 'Ann', n: 3, count: 3 }],
      ['hi', { name: 'Ann', n: 3, defaultValue: 'x' }],
      ['hi', { name: 'Ann' }],
      ['hi', { name: { first: 'Ann' }, n: 3 }],
      ['hi', { name: null, n: 3 }],
      ['fmt', { n: 1234 }],
      ['missing', { n: 1 }],
    ];
    const translate = vi.spyOn(translatorOf(remembering), 'translate');
    for (const [key, values] of calls)
      expect(remembering.getFixedT('en')(key as never, values as never)).toEqual(
        plain.getFixedT('en')(key as never, values as never),
      );
    expect(translate).toHaveBeenCalledTimes(calls.length);
  });

  it('read the same as i18next gives them, for every text of the app with values, in both languages', async () => {
    const app = { en: { translation: allEnglish }, th: { translation: allThai } };
    const plain = createInstance();
    await plain.init({ lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false }, resources: app });
    const remembering = createInstance();
    await remembering.init({
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      resources: app,
    });
    rememberPlainTexts(remembering);
    const withValues: [string, Record<string, string | number>][] = [];
    const walk = (node: object, prefix: string) => {
      for (const [k, v] of Object.entries(node)) {
        if (typeof v === 'object' && v !== null) walk(v as object, `${prefix}${k}.`);
        else if (typeof v === 'string' && v.includes('{{'))
          withValues.push([
            `${prefix}${k}`,
            Object.fromEntries(
              [...v.matchAll(/{{\s*(\w+)/g)].map(([, name = ''], i) => [name, i % 2 ? i : `<${name}>`]),
            ),
          ]);
      }
    };
    walk(app.en.translation, '');
    expect(withValues.length).toBeGreaterThan(100);
    for (const lang of ['en', 'th'])
      for (const [key, values] of withValues)
        expect([key, remembering.getFixedT(lang)(key as never, values as never)]).toEqual([
          key,
          plain.getFixedT(lang)(key as never, values as never),
        ]);
  });
});
