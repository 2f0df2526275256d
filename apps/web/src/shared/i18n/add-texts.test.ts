import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { addTexts, hasLanguage, textsArrived, withTexts } from './add-texts.ts';
import './i18n.ts';

describe('texts that come in a chunk per language', () => {
  it('are in i18next once they have arrived, and a failed download is asked for again', async () => {
    const th = vi
      .fn<() => Promise<{ default: object }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: { testPart: { hello: 'สวัสดี' } } });
    addTexts({ en: () => Promise.resolve({ default: { testPart: { hello: 'Hello' } } }), th });
    await expect(textsArrived()).rejects.toThrow(/Failed to fetch/);
    expect(hasLanguage('th')).toBe(false);

    await textsArrived();
    expect(th).toHaveBeenCalledTimes(2);
    expect(hasLanguage('th')).toBe(true);
    expect(i18next.getFixedT('th')('testPart.hello' as never)).toBe('สวัสดี');
    expect(i18next.getFixedT('en')('testPart.hello' as never)).toBe('Hello');
    // Arrived once, asked for once.
    await textsArrived();
    expect(th).toHaveBeenCalledTimes(2);
  });

  it('make a lazily loaded module wait for the texts its code registered', async () => {
    let arrive!: (texts: { default: object }) => void;
    const later = new Promise<{ default: object }>((resolve) => (arrive = resolve));
    let ready = false;
    const loading = withTexts(
      Promise.resolve().then(() => {
        // What a part's texts.ts does as its module is evaluated.
        addTexts({ en: () => later, th: () => later });
        return 'module';
      }),
    ).then((module) => {
      ready = true;
      return module;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    arrive({ default: { laterPart: { title: 'Later' } } });
    await expect(loading).resolves.toBe('module');
    expect(i18next.getFixedT('en')('laterPart.title' as never)).toBe('Later');
  });
});
