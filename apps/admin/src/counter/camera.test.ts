import { describe, expect, it } from 'vitest';
import { cameraTrouble, GONE_MS, sightings } from './camera.ts';

const named = (name: string) => new DOMException('x', name);

describe('why the camera is not showing', () => {
  it('tells a refused permission from a missing or busy camera', () => {
    expect(cameraTrouble(named('NotAllowedError'))).toBe('denied');
    expect(cameraTrouble(named('SecurityError'))).toBe('denied');
    expect(cameraTrouble(named('NotFoundError'))).toBe('none');
    expect(cameraTrouble(named('OverconstrainedError'))).toBe('none');
    expect(cameraTrouble(named('NotReadableError'))).toBe('busy');
    expect(cameraTrouble(new TypeError('boom'))).toBe('failed');
    expect(cameraTrouble('nonsense')).toBe('failed');
  });
});

describe('codes in front of the camera', () => {
  it('hands a code on when it comes into view, not again while it stays there', () => {
    let now = 0;
    const seen = sightings(() => now);
    expect(seen.seen('AAAA')).toBe(true);
    for (now = 200; now < 10_000; now += 200) expect(seen.seen('AAAA')).toBe(false);
    expect(seen.seen('BBBB')).toBe(true);
  });

  it('takes the same code again once it has been out of view for a moment', () => {
    let now = 0;
    const seen = sightings(() => now);
    seen.seen('AAAA');
    now = GONE_MS;
    expect(seen.seen('AAAA')).toBe(false);
    now += GONE_MS + 1;
    expect(seen.seen('AAAA')).toBe(true);
    seen.forget('AAAA');
    expect(seen.seen('AAAA')).toBe(true);
  });
});
