import { describe, expect, it } from 'vitest';
import { displayName, initialsOf } from './member-info.ts';

const person = (firstName: string | null, lastName: string | null, email = 'malee@example.com') => ({
  firstName,
  lastName,
  email,
});

describe('member names', () => {
  it('initials', () => {
    expect(initialsOf(person('Somchai', 'Jaidee'))).toBe('SJ');
    expect(initialsOf(person('somchai', null))).toBe('S');
    expect(initialsOf(person('สมชาย', 'ใจดี'))).toBe('ส');
    expect(initialsOf(person('เอกชัย', 'ศรีสุข'))).toBe('อ');
    expect(initialsOf(person(null, null))).toBe('');
    expect(initialsOf(null)).toBe('');
  });

  it('display name', () => {
    expect(displayName(person('Somchai', 'Jaidee'))).toBe('Somchai Jaidee');
    expect(displayName(person('Somchai', ' '))).toBe('Somchai');
    expect(displayName(person(null, null))).toBe('');
  });
});
