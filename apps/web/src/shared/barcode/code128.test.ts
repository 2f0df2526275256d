import { describe, expect, it } from 'vitest';
import { barsOf, code128Modules } from './code128.ts';

// The Code 128 symbol table (ISO/IEC 15417) as bar/space widths, values 0-105, then Stop. Written out
// here rather than taken from jsbarcode, so the test checks the encoder against the standard.
const WIDTHS =
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 211232'.split(
    ' ',
  );
const STOP = '11000111010' + '11';
const modulesOf = (widths: string) =>
  [...widths].map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(w))).join('');
const VALUE_BY_PATTERN = new Map(WIDTHS.map((w, value) => [modulesOf(w), value]));

/** Reads modules back into text the way a scanner does, checking start, check character and stop. */
function decode(modules: string): string {
  expect(modules.endsWith(STOP)).toBe(true);
  const body = modules.slice(0, -STOP.length);
  expect(body.length % 11).toBe(0);
  const values = Array.from({ length: body.length / 11 }, (_, i) => {
    const value = VALUE_BY_PATTERN.get(body.slice(i * 11, i * 11 + 11));
    expect(value).toBeDefined();
    return value as number;
  });
  const [start, ...rest] = values;
  const check = rest.pop() as number;
  expect([103, 104, 105]).toContain(start);
  const sum = rest.reduce((acc, v, i) => acc + v * (i + 1), start as number);
  expect(sum % 103).toBe(check);

  let set = start === 103 ? 'A' : start === 104 ? 'B' : 'C';
  let text = '';
  for (const v of rest) {
    if (v === 99 && set !== 'C') set = 'C';
    else if (v === 100 && set !== 'B') set = 'B';
    else if (v === 101 && set !== 'A') set = 'A';
    else if (set === 'C') text += String(v).padStart(2, '0');
    else if (set === 'B' || v < 64) text += String.fromCharCode(v + 32);
    else text += String.fromCharCode(v - 64);
  }
  return text;
}

describe('Code 128 for wallet codes', () => {
  it.each(['7KQ2-M9XP-4RTD', 'ABCDEFGH', '12345678', 'WV-20251128-000042', 'a', 'x1'])(
    '%s encodes to modules that decode back to it',
    (code) => {
      const modules = code128Modules(code);
      expect(modules).not.toBeNull();
      expect(decode(modules as string)).toBe(code);
    },
  );

  it('packs runs of digits two to a symbol (set C): a shorter barcode for numeric codes', () => {
    const digits = code128Modules('12345678') as string;
    const letters = code128Modules('ABCDEFGH') as string;
    expect(digits.length).toBeLessThan(letters.length);
  });

  it('draws nothing for an empty code or characters Code 128 cannot carry', () => {
    expect(code128Modules('')).toBeNull();
    expect(code128Modules('รหัส')).toBeNull();
  });

  it('turns modules into bars: one rectangle per run of ones', () => {
    expect(barsOf('1101001')).toEqual([
      [0, 2],
      [3, 1],
      [6, 1],
    ]);
    expect(barsOf('000')).toEqual([]);
    const modules = code128Modules('7KQ2') as string;
    const inked = barsOf(modules).reduce((n, [, w]) => n + w, 0);
    expect(inked).toBe([...modules].filter((m) => m === '1').length);
  });
});
