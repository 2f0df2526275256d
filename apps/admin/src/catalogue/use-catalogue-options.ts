import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { catalogueApiPath } from './kinds.ts';

/** The catalogue kinds a picker chooses from (each list takes `q`, `page` and `pageSize` ≤ 100). */
export type PickKind = 'stores' | 'categories' | 'vouchers' | 'privileges';

/** What a picker needs of a row: stores and categories have a name, vouchers and privileges a title. */
export type Pickable = {
  id: string;
  nameEn?: string | null;
  nameTh?: string | null;
  titleEn?: string | null;
  titleTh?: string | null;
};
export type PickPage = { items: Pickable[]; total: number };

/** A bilingual name in the chosen language, the other one when it is empty. */
export const nameIn = (lang: string, en: string | null | undefined, th: string | null | undefined) =>
  (lang === 'th' ? th || en : en || th) || '—';

export const labelOf = (lang: string, row: Pickable) =>
  row.titleTh !== undefined || row.titleEn !== undefined
    ? nameIn(lang, row.titleEn, row.titleTh)
    : nameIn(lang, row.nameEn, row.nameTh);

/** One row by id, under the same key the editor reads it with (a save refreshes both). */
export const oneRowQuery = (kind: PickKind, id: string) => ({
  queryKey: ['admin', 'catalogue', kind, 'one', id],
  queryFn: () => api.get<Pickable>(catalogueApiPath(kind, id)),
  staleTime: 60_000,
  retry: false,
});

/** A list page matching `q` (names or titles, either language); `q` empty: the first rows. */
export const pickPageQuery = (kind: PickKind, q: string, pageSize: number, status?: 'published') => ({
  queryKey: ['admin', 'catalogue', 'options', kind, q, pageSize, status],
  queryFn: () => api.get<PickPage>(catalogueApiPath(kind), { q: q || undefined, pageSize, status }),
  staleTime: 30_000,
});

/**
 * Names of rows by id, for lists that show a store's or category's name: the first 100 (one read,
 * shared by every list and picker) and, for an id beyond them, that row read on its own — a
 * programme may hold more stores than one page.
 */
export function useCatalogueNames(kind: PickKind, ids: ReadonlyArray<string | null | undefined>) {
  const lang = currentLanguage();
  const first = useQuery(pickPageQuery(kind, '', 100));
  const known = new Map((first.data?.items ?? []).map((r) => [r.id, r]));
  const missing = first.data ? [...new Set(ids.filter((id): id is string => !!id && !known.has(id)))] : [];
  const read = useQueries({ queries: missing.map((id) => oneRowQuery(kind, id)) });
  const failed = new Set<string>();
  missing.forEach((id, i) => {
    const r = read[i];
    if (r?.data) known.set(id, r.data);
    else if (r?.isError) failed.add(id);
  });
  return {
    /** The row's name (in `inLang`, else the chosen language); '…' while it is read; null when gone. */
    nameOf: (id: string, inLang: string = lang): string | null => {
      const row = known.get(id);
      if (row) return labelOf(inLang, row);
      return failed.has(id) ? null : '…';
    },
  };
}
