import { safeStorage } from '../../../shared/storage.ts';

/** Ids of notifications already shown as a toast, so a reload or another tab does not repeat one. */
export const DISPLAYED_IDS_KEY = 'privileges.notification-displayed';

/** More than the list ever holds (50), so a remembered id is never dropped while it can still show. */
const KEEP = 200;

export function readDisplayedIds(): string[] {
  try {
    const parsed: unknown = JSON.parse(safeStorage.get(DISPLAYED_IDS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberDisplayed(id: string): void {
  const ids = readDisplayedIds().filter((v) => v !== id);
  ids.push(id);
  safeStorage.set(DISPLAYED_IDS_KEY, JSON.stringify(ids.slice(-KEEP)));
}
