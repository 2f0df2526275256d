import type { AdminCategory, AdminStore } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { currentLanguage } from '../shared/i18n.ts';

type Page<T> = { items: T[]; total: number };

/** A bilingual name in the chosen language, the other one when it is empty. */
export const nameIn = (lang: string, en: string | null | undefined, th: string | null | undefined) =>
  (lang === 'th' ? (th ?? en) : (en ?? th)) ?? '—';

// Pickers list the first 100 (the API's page limit), sorted by name: enough for a programme's stores
// and categories; the lists themselves page and search.
const optionsQuery = <T>(path: string) => ({
  queryKey: ['admin', 'catalogue', 'options', path],
  queryFn: async () => (await api.get<Page<T>>(path, { pageSize: 100 })).items,
  staleTime: 60_000,
});

export function useStoreOptions() {
  const lang = currentLanguage();
  const q = useQuery(optionsQuery<AdminStore>('/catalogue/stores'));
  const stores = q.data ?? [];
  return {
    stores,
    nameOf: (id: string) => {
      const s = stores.find((x) => x.id === id);
      return s ? nameIn(lang, s.nameEn, s.nameTh) : '…';
    },
    options: stores
      .map((s) => ({ value: s.id, label: nameIn(lang, s.nameEn, s.nameTh) }))
      .sort((a, b) => a.label.localeCompare(b.label, lang)),
  };
}

export function useCategoryOptions() {
  const lang = currentLanguage();
  const q = useQuery(optionsQuery<AdminCategory>('/catalogue/categories'));
  const categories = q.data ?? [];
  return {
    categories,
    nameOf: (id: string) => {
      const c = categories.find((x) => x.id === id);
      return c ? nameIn(lang, c.nameEn, c.nameTh) : '…';
    },
    options: categories.map((c) => ({ value: c.id, label: nameIn(lang, c.nameEn, c.nameTh) })),
  };
}
