import 'i18next';
import type { Messages } from './resources.ts';

/** Every leaf of the locale file as one dotted key: 'catalogue.unavailable.sold_out'. */
type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/*
 * `t()` is typed against the keys as one flat list rather than the nested file: i18next's types then
 * need no walk through the nesting at each call, which past ~650 keys made TypeScript give up
 * ("excessively deep"). The runtime still reads the nested files with '.' as the separator.
 * A helper that receives `t` types it as i18next's `TFunction`: `ReturnType<typeof useTranslation>['t']`
 * is a wider type whose comparison hit the same limit. With both, 1,500 keys more still check.
 */
type FlatMessages = Record<Paths<Messages>, string>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    keySeparator: false;
    resources: { translation: FlatMessages };
  }
}
