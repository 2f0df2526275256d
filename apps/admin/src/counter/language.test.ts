import { describe, expect, it } from 'vitest';
import { counterLanguage } from './language.ts';

describe('the counter’s language', () => {
  it('is Thai unless the staff member picked English on this device', () => {
    expect(counterLanguage(null)).toBe('th');
    expect(counterLanguage('th')).toBe('th');
    expect(counterLanguage('en')).toBe('en');
    expect(counterLanguage('fr')).toBe('th');
  });
});
