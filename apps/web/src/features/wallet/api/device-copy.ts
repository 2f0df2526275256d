import { isApiError } from '../../../shared/api/api-error.ts';
import { readOfflineCopy, saveOfflineCopy } from '../../../pwa/offline-store.ts';
import { UNKNOWN_VIEWER, type WalletScope } from './query-keys.ts';

/**
 * An answer read from the device's copy rather than the server: when that copy was saved (epoch ms).
 * Absent on an answer that came from the server.
 */
export type DeviceCopyMark = { offlineSavedAt?: number };

/** No answer at all (no network, or the request ran out of time): the device's copy may stand in. */
const unreachable = (error: unknown) => isApiError(error) && error.status === 0;

/**
 * Loads from the server and keeps a copy on the device for the member; when the server cannot be
 * reached, answers with that copy instead (marked with when it was saved), else fails as it would have.
 * A refusal (404, 401…) is never covered up by an old copy.
 */
export async function withDeviceCopy<T extends object>(
  scope: WalletScope,
  request: string,
  load: () => Promise<T>,
): Promise<T & DeviceCopyMark> {
  if (scope.viewer === UNKNOWN_VIEWER) return load();
  const key = `${scope.lang} ${request}`;
  try {
    const value = await load();
    // Best effort: a private window or a full disk must not break the screen.
    void saveOfflineCopy(scope.viewer, key, value).catch(() => undefined);
    return value;
  } catch (error) {
    if (!unreachable(error)) throw error;
    const copy = await readOfflineCopy<T>(scope.viewer, key).catch(() => null);
    if (!copy) throw error;
    return { ...copy.value, offlineSavedAt: copy.savedAt };
  }
}

/** The request's address with its query in a stable order: one key per list, however it was asked for. */
export const requestKey = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value !== undefined) params.set(name, String(value));
  }
  return `${path}?${params.toString()}`;
};
