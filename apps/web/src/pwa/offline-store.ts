import { clear, createStore, del, entries, get, set } from 'idb-keyval';

/**
 * The device's copy of what a member needs with no signal (their wallet: the list, each item, its
 * code), in IndexedDB. Each copy names the member it belongs to and when it was saved: another member
 * signing in on this device never reads it, and the screen can say how old it is. Log out removes them
 * all (clearOfflineCopies).
 */
export type OfflineCopy<T> = { owner: string; savedAt: number; value: T };

// Opened on first use (idb-keyval opens the database lazily), so importing this costs nothing.
const copies = createStore('privileges-offline', 'copies');

/** Keeps `value` as the member's copy under `key`, replacing the one before. */
export async function saveOfflineCopy<T>(owner: string, key: string, value: T, now = Date.now()) {
  await set(key, { owner, savedAt: now, value } satisfies OfflineCopy<T>, copies);
}

/** The member's copy under `key`, or null (none, or another member's). */
export async function readOfflineCopy<T>(owner: string, key: string): Promise<OfflineCopy<T> | null> {
  const copy = (await get(key, copies)) as OfflineCopy<T> | undefined;
  return copy && copy.owner === owner ? copy : null;
}

/**
 * Removes every copy that is not this member's, or that was saved before `before` (what a full refresh
 * no longer touched: an item gone from the wallet).
 */
export async function pruneOfflineCopies(owner: string, before = 0): Promise<number> {
  const stale = (await entries<string, OfflineCopy<unknown>>(copies)).filter(
    ([, copy]) => copy.owner !== owner || copy.savedAt < before,
  );
  await Promise.all(stale.map(([key]) => del(key, copies)));
  return stale.length;
}

/** Removes everything this device kept for offline use (log out). */
export async function clearOfflineCopies(): Promise<void> {
  await clear(copies);
}
