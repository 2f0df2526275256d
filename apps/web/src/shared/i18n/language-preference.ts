import type { Language } from '@app/contracts';
import { safeStorage } from '../storage.ts';

/**
 * The contract's languages, restated so the first download of every page need not carry Zod (which
 * importing anything at runtime from @app/contracts does). `satisfies` and a test keep them equal.
 */
export const LANGUAGES = ['en', 'th'] as const satisfies readonly Language[];

/** The member's explicit choice (header switch or profile), remembered on this device. */
export const LANGUAGE_STORAGE_KEY = 'privileges.language';

export const isLanguage = (v: unknown): v is Language => LANGUAGES.some((l) => l === v);

export function savedLanguage(): Language | null {
  const v = safeStorage.get(LANGUAGE_STORAGE_KEY);
  return isLanguage(v) ? v : null;
}

export function saveLanguage(lang: Language): void {
  safeStorage.set(LANGUAGE_STORAGE_KEY, lang);
}
