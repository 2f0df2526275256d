import type { Language, Tier } from '@app/contracts';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../app-error.ts';
import type { Freshness } from './freshness.ts';
import { memberView } from './member-view.repository.ts';
import type { Db } from './query-parts.ts';

/** Who asks, as a route knows it: the language of the texts, and the member (null = a visitor). */
export interface Reader {
  lang: Language;
  memberId: string | null;
}

/**
 * Who is reading the catalogue: the language, and the member's tier (what eligibility is judged by)
 * and likes (laid over shared answers).
 */
export interface Viewer {
  lang: Language;
  member: { id: string; tier: Tier; liked: ReadonlySet<string> } | null;
}

/**
 * Members' tiers and likes, kept per member until the catalogue changes (a like, and a tier change
 * or a deletion of a member, move the catalogue version: see Freshness), so a signed-in read of a
 * cached answer needs no query of its own. Bounded: the least recently seen members go first.
 */
export interface ViewerCache {
  /** The reader with tier and likes; a token that outlived its member is a 401, as on any guarded route. */
  of(db: Db, reader: Reader): Promise<Viewer>;
}

export const createViewerCache = (freshness: Freshness, maxMembers = 10_000): ViewerCache => {
  const members = new LRUCache<string, { tier: Tier; liked: ReadonlySet<string> }>({ max: maxMembers });
  freshness.onChange(() => members.clear());
  return {
    async of(db, reader) {
      if (reader.memberId === null) return { lang: reader.lang, member: null };
      const gen = freshness.current();
      const keepable = freshness.keeps(gen);
      let m = members.get(reader.memberId);
      if (!m) {
        const row = await memberView(db, reader.memberId);
        if (!row) throw new AppError('unauthorized');
        m = { tier: row.tier, liked: new Set(row.liked) };
        if (keepable && freshness.keeps(gen)) members.set(reader.memberId, m);
      }
      return { lang: reader.lang, member: { id: reader.memberId, ...m } };
    },
  };
};
