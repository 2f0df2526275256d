import type { Language } from '@app/contracts';
import i18next from 'i18next';
import { LANGUAGES } from './language-preference.ts';

/** A part's sections of texts (`virtual:locale/<sections>`): a loader per language, each a chunk. */
export type Texts = Record<Language, () => Promise<{ default: object }>>;

const parts: Texts[] = [];
const loads = new Map<Texts, Partial<Record<Language, Promise<void>>>>();
const arrived = new Map<Texts, Set<Language>>();
/** The language the page is changing to (loadLanguage), while its texts download. */
let coming: Language | undefined;

function load(texts: Texts, lang: Language): Promise<void> {
  const byLanguage = loads.get(texts) ?? {};
  loads.set(texts, byLanguage);
  byLanguage[lang] ??= texts[lang]().then(
    ({ default: bundle }) => {
      i18next.addResourceBundle(lang, 'translation', bundle, true, false);
      arrived.set(texts, (arrived.get(texts) ?? new Set()).add(lang));
    },
    (error: unknown) => {
      // A download that failed (offline) is tried again the next time the texts are asked for.
      delete byLanguage[lang];
      throw error;
    },
  );
  return byLanguage[lang];
}

/**
 * The languages texts are loaded in. A browser: the page's only (~15-28 KB less JavaScript on every
 * screen), the other when the member switches — and during a switch both, for a part that arrives
 * meanwhile. The server renders pages in both languages, and the unit tests switch directly: both.
 */
const languagesNow = (): readonly Language[] =>
  import.meta.env.SSR || import.meta.env.MODE === 'test'
    ? LANGUAGES
    : LANGUAGES.filter((l) => l === i18next.language || l === coming);

/**
 * Every part's texts in the languages in use, once they are here: the app starts after the shell's,
 * and a lazily loaded part (lazyScreen) is ready only with its own. Texts that failed to download are
 * asked for again.
 */
export async function textsArrived(): Promise<void> {
  const languages = languagesNow();
  await Promise.all(parts.flatMap((texts) => languages.map((lang) => load(texts, lang))));
}

/**
 * A part's texts, registered when its code loads (`texts.ts` beside a screen imports
 * `virtual:locale/<sections>` and calls this; the shell's are in shared/i18n/i18n.ts). Their download
 * starts at once; whoever shows the part waits for `textsArrived`.
 */
export function addTexts(texts: Texts): void {
  parts.push(texts);
  textsArrived().catch(() => {});
}

/** Whether every part's texts in `lang` are here (the page can change to it at once). */
export const hasLanguage = (lang: Language): boolean => parts.every((texts) => arrived.get(texts)?.has(lang));

/** Every part's texts in `lang`, before the page changes to it. */
export async function loadLanguage(lang: Language): Promise<void> {
  coming = lang;
  await Promise.all(parts.map((texts) => load(texts, lang)));
}

/** A lazily loaded module, once the texts its code registered are here too. */
export const withTexts = <T>(loading: Promise<T>): Promise<T> =>
  loading.then(async (module) => {
    await textsArrived();
    return module;
  });
