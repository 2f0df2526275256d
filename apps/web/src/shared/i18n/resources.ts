// The one home of every visible string: the repository's locales/, shared with the API's e-mails.
// The shell takes only the sections every screen may need. Sections of screens that load later (cart,
// checkout, wallet, the catalogue's screens) come with those screens through `addTexts`; the server's
// own (mail, sandbox bank pages, payment channel names) never ship. Of the catalogue's, the shell takes
// the parts other screens show too (a voucher's status and price, points, tiers): the rest, ~12 KB in
// Thai, is downloaded with the catalogue's screens only. See the locale-sections plugin in vite.config.ts.
import type allEnglish from '../../../../../locales/en.json';
import shell from 'virtual:locale/app+appError+catalogue.status+catalogue.price+catalogue.points+catalogue.bought_one+catalogue.bought_other+catalogue.tiers+common+errors+home+language+nav+states';

/** The shell's texts: one loader per language (shared/i18n/add-texts.ts). */
export const shellTexts = shell;

/**
 * Every key the web app may ask for, for typed `t()`, whichever part is loaded when. The server's own
 * sections are left out: the app never shows them, and each key more deepens `t()`'s type (past a
 * size TypeScript gives up with "excessively deep").
 */
export type Messages = Omit<typeof allEnglish, 'mail' | 'sandbox' | 'notificationMessages'>;
