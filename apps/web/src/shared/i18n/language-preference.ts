import { LANGUAGES, type Language } from '@app/contracts/constants';
import { safeStorage } from '../storage.ts';

export { LANGUAGES };

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
