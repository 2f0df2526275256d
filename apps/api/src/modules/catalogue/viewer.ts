import type { Language, Tier } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { memberTier } from './member-tier.repository.ts';
import type { Db } from './query-parts.ts';

/** Who asks, as a route knows it: the language of the texts, and the member (null = a visitor). */
export interface Reader {
  lang: Language;
  memberId: string | null;
}

/** Who is reading the catalogue, with the member's tier (what eligibility is judged by). */
export interface Viewer {
  lang: Language;
  member: { id: string; tier: Tier } | null;
}

/** The reader with the member's tier; a token that outlived its member is a 401, as on any guarded route. */
export const viewerOf = async (db: Db, reader: Reader): Promise<Viewer> => {
  if (reader.memberId === null) return { lang: reader.lang, member: null };
  const tier = await memberTier(db, reader.memberId);
  if (!tier) throw new AppError('unauthorized');
  return { lang: reader.lang, member: { id: reader.memberId, tier } };
};
