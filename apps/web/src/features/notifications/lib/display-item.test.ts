import { describe, expect, it } from 'vitest';
import { aNotification } from '../test-data.ts';
import { toastCandidate } from './toast-candidate.ts';
import { timeLabel } from './time-label.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('timeLabel', () => {
  it('says how long ago in the member language', () => {
    expect(timeLabel(ago(20_000), 'en', NOW, 'Just now')).toBe('Just now');
    expect(timeLabel(ago(5 * 60_000), 'en', NOW, '')).toBe('5 minutes ago');
    expect(timeLabel(ago(5 * 60_000), 'th', NOW, '')).toMatch(/^5 นาที/);
    expect(timeLabel(ago(3 * 3_600_000), 'en', NOW, '')).toBe('3 hours ago');
    expect(timeLabel(ago(26 * 3_600_000), 'en', NOW, '')).toBe('yesterday');
    expect(timeLabel(ago(26 * 3_600_000), 'th', NOW, '')).toBe('เมื่อวาน');
  });

  it('shows the date after a week, Buddhist era in Thai', () => {
    const d = new Date(NOW - 10 * 86_400_000);
    const dm = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}`;
    expect(timeLabel(d.toISOString(), 'en', NOW, '')).toBe(`${dm}/2026`);
    expect(timeLabel(d.toISOString(), 'th', NOW, '')).toBe(`${dm}/2569`);
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
