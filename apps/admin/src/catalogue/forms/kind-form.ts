import type { ReactNode } from 'react';

/** One kind's edit form: its fields, the form values for a new or an existing row, and the API body. */
export interface KindForm<View, Values> {
  empty: () => Partial<Values>;
  fromView: (view: View) => Values;
  toBody: (values: Values) => unknown;
  /** Preview URLs of the row's pictures, by file name. */
  urls: (view: View | null) => Map<string, string>;
  /** List fields shown as one control: an API error on `termsTh.2` goes under `termsTh`. */
  collapse: string[];
  Fields: (props: { view: View | null; urls: Map<string, string> }) => ReactNode;
}

export const zipUrls = (files: string[], urls: string[]) =>
  new Map(files.map((f, i) => [f, urls[i] ?? '']).filter(([, u]) => u) as Array<[string, string]>);
