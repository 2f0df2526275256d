// The one home of every visible string: the repository's locales/, shared with the API's e-mails.
// The shell takes only the sections every screen may need. Sections of screens that load later (cart,
// checkout, wallet) come with those screens through `addTexts`; the server's own (mail, sandbox bank
// pages, payment channel names) never ship. See the locale-sections plugin in vite.config.ts.
import type allEnglish from '../../../../../locales/en.json';
import shell from 'virtual:locale/app+appError+catalogue+common+errors+home+language+nav+states';

export const resources = {
  en: { translation: shell.en },
  th: { translation: shell.th },
};

/** Every text's key, for typed `t()`: the whole file, whichever part is loaded when. */
export type Messages = typeof allEnglish;
