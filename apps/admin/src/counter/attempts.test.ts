import { describe, expect, it } from 'vitest';
import { attemptStore } from './attempts.ts';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};
const counterKeys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('Idempotency-Keys of counter confirmations', () => {
  it('gives a confirmation without an answer the same key every time it is sent again', () => {
    const attempts = attemptStore(memoryStorage(), counterKeys());
    const first = attempts.keyFor('AAAA');
    expect(attempts.keyFor('AAAA')).toBe(first);
    expect(attempts.openKey('AAAA')).toBe(first);
  });

  it('a new key once the attempt has its answer: the next Confirm is a new use', () => {
    const attempts = attemptStore(memoryStorage(), counterKeys());
    const first = attempts.keyFor('AAAA');
    attempts.settle('AAAA');
    expect(attempts.openKey('AAAA')).toBeUndefined();
    const second = attempts.keyFor('AAAA');
    expect(second).not.toBe(first);
  });

  it('each code its own key', () => {
    const attempts = attemptStore(memoryStorage(), counterKeys());
    expect(attempts.keyFor('AAAA')).not.toBe(attempts.keyFor('BBBB'));
    attempts.settle('AAAA');
    expect(attempts.openKey('BBBB')).toBe('key-2');
  });

  it('keeps open attempts through a reload of the tab', () => {
    const storage = memoryStorage();
    const key = attemptStore(storage, counterKeys()).keyFor('AAAA');
    const reloaded = attemptStore(storage, () => 'other');
    expect(reloaded.keyFor('AAAA')).toBe(key);
  });

  it('still holds keys in memory when storage is blocked or holds rubbish', () => {
    const blocked = {
      getItem: () => 'not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const attempts = attemptStore(blocked, counterKeys());
    const key = attempts.keyFor('AAAA');
    expect(attempts.keyFor('AAAA')).toBe(key);
  });

  it('makes unguessable keys the API accepts (printable ASCII, no spaces)', () => {
    const attempts = attemptStore(memoryStorage());
    const a = attempts.keyFor('AAAA');
    const b = attempts.keyFor('BBBB');
    expect(a).toMatch(/^[\x21-\x7e]{36}$/);
    expect(a).not.toBe(b);
  });
});
