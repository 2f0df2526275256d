import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { rememberPlainTexts } from './plain-texts.ts';

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
