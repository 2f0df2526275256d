import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../../shared/api/api-error.ts';
import { clearOfflineCopies, readOfflineCopy } from '../../../pwa/offline-store.ts';
import { requestKey, withDeviceCopy } from './device-copy.ts';
import { UNKNOWN_VIEWER } from './query-keys.ts';

const malee = { lang: 'en', viewer: 'member-1' } as const;
const offline = () => Promise.reject(new ApiError(0, NETWORK_ERROR, []));

/** Until the copy written in the background is there. */
const saved = async (owner: string, key: string) => {
  for (let i = 0; i < 50; i += 1) {
    const copy = await readOfflineCopy(owner, key);
    if (copy) return copy;
    await new Promise((r) => setTimeout(r, 5));
  }
  return null;
};

describe('withDeviceCopy', () => {
  beforeEach(async () => {
    await clearOfflineCopies();
  });

  it("answers the server's answer and keeps it on the device for the member", async () => {
    const answer = await withDeviceCopy(malee, '/bff/wallet/v1', () => Promise.resolve({ code: 'ABC' }));
    expect(answer).toEqual({ code: 'ABC' });
    expect(await saved('member-1', 'en /bff/wallet/v1')).toMatchObject({ value: { code: 'ABC' } });
  });

  it('with no network, answers the copy marked with when it was saved', async () => {
    await withDeviceCopy(malee, '/bff/wallet/v1', () => Promise.resolve({ code: 'ABC' }));
    const copy = await saved('member-1', 'en /bff/wallet/v1');
    const answer = await withDeviceCopy(malee, '/bff/wallet/v1', offline);
    expect(answer).toEqual({ code: 'ABC', offlineSavedAt: copy?.savedAt });
  });

  it('fails as before with no copy, in another language, or for another member', async () => {
    await withDeviceCopy(malee, '/bff/wallet/v1', () => Promise.resolve({ code: 'ABC' }));
    await saved('member-1', 'en /bff/wallet/v1');
    await expect(withDeviceCopy(malee, '/bff/wallet/v2', offline)).rejects.toMatchObject({ status: 0 });
    await expect(withDeviceCopy({ ...malee, lang: 'th' }, '/bff/wallet/v1', offline)).rejects.toMatchObject({
      status: 0,
    });
    await expect(
      withDeviceCopy({ ...malee, viewer: 'member-2' }, '/bff/wallet/v1', offline),
    ).rejects.toMatchObject({ status: 0 });
  });

  it('never covers a refusal with an old copy: a 404 stays a 404', async () => {
    await withDeviceCopy(malee, '/bff/wallet/v1', () => Promise.resolve({ code: 'ABC' }));
    await saved('member-1', 'en /bff/wallet/v1');
    const gone = () => Promise.reject(new ApiError(404, 'wallet_voucher_not_found', []));
    await expect(withDeviceCopy(malee, '/bff/wallet/v1', gone)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps nothing while the member is not known yet', async () => {
    const unknown = { lang: 'en', viewer: UNKNOWN_VIEWER } as const;
    await withDeviceCopy(unknown, '/bff/wallet', () => Promise.resolve({ items: [] }));
    expect(await saved(UNKNOWN_VIEWER, 'en /bff/wallet')).toBeNull();
  });

  it('names a list by its query in a stable order, leaving out what is not set', () => {
    expect(requestKey('/bff/wallet', { status: 'active', limit: 20, page: 1, category: undefined })).toBe(
      '/bff/wallet?limit=20&page=1&status=active',
    );
  });
});
