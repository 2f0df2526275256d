// The one home of every visible string: the repository's locales/, shared with the API's e-mails.
import en from '../../../../../locales/en.json';
import th from '../../../../../locales/th.json';

export const resources = {
  en: { translation: en },
  th: { translation: th },
} as const;

export type Messages = typeof en;
