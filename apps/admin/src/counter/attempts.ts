/*
 * One Idempotency-Key per confirmation attempt. A confirmation whose answer never came (the network
 * dropped, the server failed) may or may not have recorded the use, so every later Confirm of the same
 * code sends the same key until an answer arrives: the API then answers the first use again instead of
 * taking a second one. This holds through a double tap, a Try again, a Cancel and a rescan, and a reload
 * of the tab (the open attempts are kept in the tab's sessionStorage). An answer — the use recorded, or a
 * refusal — settles the attempt; the next Confirm of that code is a new use with a new key.
 */

const STORAGE_KEY = 'privileges.admin.counter.attempts';

export interface AttemptStore {
  /** The key of the open attempt for this code, or a new one (kept until settled). */
  keyFor(code: string): string;
  /** The attempt got an answer: forget its key. */
  settle(code: string): void;
  /** The open attempt's key, if any (nothing is created). */
  openKey(code: string): string | undefined;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function attemptStore(
  storage: Storage | null = typeof window === 'undefined' ? null : window.sessionStorage,
  newKey: () => string = () => crypto.randomUUID(),
): AttemptStore {
  const read = (): Record<string, string> => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  // Kept in memory as well: storage may be blocked, and the tab must still never use a code twice.
  const open = read();
  const write = () => {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(open));
    } catch {
      /* storage blocked or full: the in-memory keys still hold for this page */
    }
  };
  return {
    keyFor(code) {
      const existing = open[code];
      if (existing) return existing;
      const key = newKey();
      open[code] = key;
      write();
      return key;
    },
    settle(code) {
      if (!(code in open)) return;
      delete open[code];
      write();
    },
    openKey: (code) => open[code],
  };
}
