import type { Tier } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from './query-parts.ts';

/**
 * What the catalogue needs of a member, in one query: their tier and the privileges they like;
 * undefined when the member no longer exists.
 */
export const memberView = async (
  db: Db,
  memberId: string,
): Promise<{ tier: Tier; liked: string[] } | undefined> =>
  db
    .selectFrom('member as m')
    .select([
      'm.tier',
      sql<string[]>`array(select pl.privilege_id::text from privilege_like pl where pl.member_id = m.id)`.as(
        'liked',
      ),
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
