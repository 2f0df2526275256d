import type { Language } from '@app/contracts';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import allEnglish from '../../../../../../locales/en.json';
import allThai from '../../../../../../locales/th.json';
import { aNotification } from '../test-data.ts';
import { toastCandidate } from './toast-candidate.ts';
import { timeLabel, type TimeTexts } from './time-label.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

/** The label's texts as the screen makes them, from the app's locales through i18next. */
async function textsIn(lang: Language): Promise<TimeTexts> {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    resources: { en: { translation: allEnglish }, th: { translation: allThai } },
  });
  const t = i18n.t.bind(i18n) as (key: string, options?: object) => string;
  return {
    justNow: t('notifications.time.now'),
    yesterday: t('notifications.time.yesterday'),
    twoDaysAgo: t('notifications.time.twoDaysAgo'),
    ago: (unit, count) => t(`notifications.time.${unit}`, { count }),
  };
}

describe('timeLabel', async () => {
  const texts = { en: await textsIn('en'), th: await textsIn('th') };

  it('says how long ago in the member language', () => {
    expect(timeLabel(ago(20_000), 'en', NOW, texts.en)).toBe('Just now');
    expect(timeLabel(ago(5 * 60_000), 'en', NOW, texts.en)).toBe('5 minutes ago');
    expect(timeLabel(ago(5 * 60_000), 'th', NOW, texts.th)).toBe('5 นาทีที่ผ่านมา');
    expect(timeLabel(ago(3 * 3_600_000), 'en', NOW, texts.en)).toBe('3 hours ago');
    expect(timeLabel(ago(26 * 3_600_000), 'en', NOW, texts.en)).toBe('yesterday');
    expect(timeLabel(ago(26 * 3_600_000), 'th', NOW, texts.th)).toBe('เมื่อวาน');
  });

  it('reads as the browser’s own relative times would, for every minute, hour and day of a week', () => {
    for (const lang of ['en', 'th'] as const) {
      const intl = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
      const steps: [number, number, Intl.RelativeTimeFormatUnit][] = [
        ...Array.from(
          { length: 59 },
          (_, i) => [i + 1, 60_000, 'minute'] as [number, number, Intl.RelativeTimeFormatUnit],
        ),
        ...Array.from(
          { length: 23 },
          (_, i) => [i + 1, 3_600_000, 'hour'] as [number, number, Intl.RelativeTimeFormatUnit],
        ),
        ...Array.from(
          { length: 6 },
          (_, i) => [i + 1, 86_400_000, 'day'] as [number, number, Intl.RelativeTimeFormatUnit],
        ),
      ];
      for (const [n, unit, name] of steps)
        expect([lang, n, name, timeLabel(ago(n * unit + 1_000), lang, NOW, texts[lang])]).toEqual([
          lang,
          n,
          name,
          intl.format(-n, name),
        ]);
    }
  });

  it('shows the date after a week, Buddhist era in Thai', () => {
    const d = new Date(NOW - 10 * 86_400_000);
    const dm = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}`;
    expect(timeLabel(d.toISOString(), 'en', NOW, texts.en)).toBe(`${dm}/2026`);
    expect(timeLabel(d.toISOString(), 'th', NOW, texts.th)).toBe(`${dm}/2569`);
  });
});

describe('toastCandidate', () => {
  const older = aNotification({ _id: 'a', createdAt: ago(60_000) });
  const newer = aNotification({ _id: 'b', createdAt: ago(1_000) });
  it('is the newest unread one', () => {
    expect(toastCandidate([older, newer], [])?._id).toBe('b');
    expect(toastCandidate([{ ...newer, isRead: true }, older], [])?._id).toBe('a');
  });
  it('is nothing once the newest unread has been shown (older ones do not trickle out)', () => {
    expect(toastCandidate([newer, older], ['b'])).toBeNull();
    expect(
      toastCandidate(
        [
          { ...newer, isRead: true },
          { ...older, isRead: true },
        ],
        [],
      ),
    ).toBeNull();
  });
});
