import { describe, expect, it } from 'vitest';
import { EmailSchema } from './auth.ts';
import { isEmail } from './constants.ts';

// The sign-in screen checks addresses with isEmail (no Zod in its download); the API with EmailSchema.
// They must agree on every address, or the screen would let through what the API refuses, or the reverse.
const SAMPLES = [
  'member@example.com',
  '  Member@Example.COM  ',
  'first.last+tag@sub.example.co.th',
  "o'neil@example.com",
  'a@b.co',
  '',
  '   ',
  'plain',
  'no-at.example.com',
  '@example.com',
  'member@',
  'member@example',
  'member@example.c',
  '.member@example.com',
  'member.@example.com',
  'mem..ber@example.com',
  'member@-example.com',
  'member@example..com',
  'สมชาย@example.com',
  'member@ตัวอย่าง.com',
  'member@example.com\u0000',
  'mem ber@example.com',
  '<script>@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(180)}.com`,
  `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
  `${'a'.repeat(300)}@example.com`,
];

describe('isEmail', () => {
  it.each(SAMPLES)('agrees with EmailSchema on %j', (address) => {
    expect(isEmail(address)).toBe(EmailSchema.safeParse(address).success);
  });

  it('accepts and refuses what a person would expect', () => {
    expect(isEmail(' Member@Example.com ')).toBe(true);
    expect(isEmail('member@example')).toBe(false);
    expect(isEmail(`${'a'.repeat(64)}@${'b'.repeat(190)}.com`)).toBe(false);
  });
});
