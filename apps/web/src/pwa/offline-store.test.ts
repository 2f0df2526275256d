import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearOfflineCopies, pruneOfflineCopies, readOfflineCopy, saveOfflineCopy } from './offline-store.ts';

describe('the offline store', () => {
  beforeEach(async () => {
    await clearOfflineCopies();
  });

  it('gives a member back their copy with the time it was saved', async () => {
    await saveOfflineCopy('m1', 'en /bff/wallet/v1', { code: 'ABC' }, 1_000);
    expect(await readOfflineCopy('m1', 'en /bff/wallet/v1')).toEqual({
      owner: 'm1',
      savedAt: 1_000,
      value: { code: 'ABC' },
    });
  });

  it('never gives one member the copy of another', async () => {
    await saveOfflineCopy('m1', 'en /bff/wallet/v1', { code: 'ABC' });
    expect(await readOfflineCopy('m2', 'en /bff/wallet/v1')).toBeNull();
    expect(await readOfflineCopy('m1', 'en /bff/wallet/v2')).toBeNull();
  });

  it('replaces a copy with a newer one', async () => {
    await saveOfflineCopy('m1', 'k', { n: 1 }, 1_000);
    await saveOfflineCopy('m1', 'k', { n: 2 }, 2_000);
    expect(await readOfflineCopy('m1', 'k')).toMatchObject({ savedAt: 2_000, value: { n: 2 } });
  });

  it("prunes other members' copies and copies a refresh no longer touched", async () => {
    await saveOfflineCopy('m1', 'old', 1, 1_000);
    await saveOfflineCopy('m1', 'fresh', 2, 5_000);
    await saveOfflineCopy('m2', 'theirs', 3, 5_000);
    expect(await pruneOfflineCopies('m1', 2_000)).toBe(2);
    expect(await readOfflineCopy('m1', 'old')).toBeNull();
    expect(await readOfflineCopy('m1', 'fresh')).toMatchObject({ value: 2 });
    await saveOfflineCopy('m1', 'again', 4, 1);
    expect(await pruneOfflineCopies('m1')).toBe(0);
  });

  it('keeps nothing after log out', async () => {
    await saveOfflineCopy('m1', 'a', 1);
    await saveOfflineCopy('m1', 'b', 2);
    await clearOfflineCopies();
    expect(await readOfflineCopy('m1', 'a')).toBeNull();
    expect(await readOfflineCopy('m1', 'b')).toBeNull();
  });
});
