import type { Language, Page } from '@app/contracts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { useAuthStore } from '../../auth/index.ts';

/**
 * Whom and in which language the catalogue answers: texts follow Accept-Language, and a member's
 * token adds `eligible` and `liked`. Both are in every catalogue query key (see `catalogueKeys`), so a
 * language switch or a sign-in never shows an answer meant for another reader.
 */
export type CatalogueScope = { lang: Language; viewer: string };

export const VISITOR = 'visitor';

export function useCatalogueScope(): CatalogueScope {
  const { lang } = useLocalizedPath();
  const viewer = useAuthStore((s) => (s.isLoggedIn ? (s.info?.id ?? 'member') : VISITOR));
  return { lang, viewer };
}

/** The paging envelope of every catalogue list. */
export type Paged<T> = Page<T>;
