import type { Tier } from '@app/contracts';
import type { Db } from './query-parts.ts';

/** The member's tier; undefined when the member no longer exists. */
export const memberTier = async (db: Db, memberId: string): Promise<Tier | undefined> =>
  (await db.selectFrom('member').select('tier').where('id', '=', memberId).executeTakeFirst())?.tier;
