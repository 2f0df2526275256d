import type { Language } from '@app/contracts';
import { useEffect } from 'react';
import { i18next } from '../shared/i18n.ts';

/** Where shared/i18n.ts keeps the language a staff member picked with the EN / ไทย switch. */
const CHOSEN_LANGUAGE_KEY = 'privileges.admin.language';

/**
 * The counter is Thai-first: store staff read it at a glance over a customer's phone, and most of them
 * read Thai first. English only when this staff member picked English on this device; not the browser's
 * language (shop tablets are often set up in English).
 */
export const counterLanguage = (chosen: string | null): Language => (chosen === 'en' ? 'en' : 'th');

function chosenLanguage(): string | null {
  try {
    return window.localStorage.getItem(CHOSEN_LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** Switches the page to the counter's language when the screen opens (not kept as a choice). */
export function useCounterLanguage() {
  useEffect(() => {
    const lang = counterLanguage(chosenLanguage());
    if (i18next.language !== lang) void i18next.changeLanguage(lang);
  }, []);
}
