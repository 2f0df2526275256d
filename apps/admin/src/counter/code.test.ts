import { CounterCodeSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { groupedCode, MAX_CODE_LENGTH, normaliseCode } from './code.ts';

describe('a code as staff type it or a scanner reads it', () => {
  it('drops the group separators and case the member’s screen and staff add', () => {
    expect(normaliseCode('7KQ2M9XP4RTDWXYZ')).toBe('7KQ2M9XP4RTDWXYZ');
    expect(normaliseCode('7kq2 m9xp 4rtd wxyz')).toBe('7KQ2M9XP4RTDWXYZ');
    expect(normaliseCode(' 7KQ2-M9XP–4RTD.WXYZ \n')).toBe('7KQ2M9XP4RTDWXYZ');
    expect(normaliseCode('7KQ2\tM9XP\u00a04RTD WXYZ')).toBe('7KQ2M9XP4RTDWXYZ');
  });

  it('reads full-width letters and digits (some Thai keyboards) as the plain ones', () => {
    expect(normaliseCode('７ＫＱ２ ｍ９ＸＰ')).toBe('7KQ2M9XP');
  });

  it('refuses what cannot be a code, so nothing is sent', () => {
    expect(normaliseCode('')).toBeNull();
    expect(normaliseCode('  - - ')).toBeNull();
    expect(normaliseCode('รหัส1234')).toBeNull();
    expect(normaliseCode('https://example.com/x')).toBeNull();
    expect(normaliseCode('A'.repeat(MAX_CODE_LENGTH))).toBe('A'.repeat(MAX_CODE_LENGTH));
    expect(normaliseCode('A'.repeat(MAX_CODE_LENGTH + 1))).toBeNull();
  });

  it('sends what the API’s own code schema reads the same way', () => {
    for (const typed of ['7kq2 m9xp 4rtd wxyz', '7KQ2-M9XP-4RTD-WXYZ', 'abcd efgh']) {
      const sent = normaliseCode(typed)!;
      expect(CounterCodeSchema.parse(sent)).toBe(sent);
      expect(CounterCodeSchema.parse(typed)).toBe(sent);
    }
  });

  it('groups a code in fours to compare with the member’s screen', () => {
    expect(groupedCode('7KQ2M9XP4RTDWXYZ')).toBe('7KQ2 M9XP 4RTD WXYZ');
    expect(groupedCode('ABCDEF')).toBe('ABCD EF');
  });
});
