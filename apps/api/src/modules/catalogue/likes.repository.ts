import { sql } from 'kysely';
import { privilegeSummaryQuery } from './privileges.repository.ts';
import { isUuid, type Db } from './query-parts.ts';

/**
 * The member's liked privileges, most recently liked first (ended ones included: they were liked; one
 * taken back from members, not).
 */
export const favoritePrivileges = (db: Db, memberId: string, limit: number) =>
  privilegeSummaryQuery(db, memberId)
    .innerJoin('privilege_like as fav', (j) =>
      j.onRef('fav.privilege_id', '=', 'p.id').on('fav.member_id', '=', memberId),
    )
    .where('p.status', '=', 'published')
    .orderBy('fav.created_at', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();

export const privilegeExists = async (db: Db, id: string) =>
  isUuid(id) &&
  (await db
    .selectFrom('privilege')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'published')
    .executeTakeFirst()) !== undefined;

/**
 * Records a like; the (member, privilege) primary key makes a second like a no-op.
 * Whether it was new: true only when a row was inserted.
 */
export const insertLike = async (db: Db, memberId: string, privilegeId: string, now: Date) =>
  (await db
    .insertInto('privilege_like')
    .values({ member_id: memberId, privilege_id: privilegeId, created_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'privilege_id']).doNothing())
    .returning('privilege_id')
    .executeTakeFirst()) !== undefined;

/** Removes a like. Whether there was one to remove. */
export const deleteLike = async (db: Db, memberId: string, privilegeId: string) =>
  (await db
    .deleteFrom('privilege_like')
    .where('member_id', '=', memberId)
    .where('privilege_id', '=', privilegeId)
    .returning('privilege_id')
    .executeTakeFirst()) !== undefined;

/** Moves like_count by one (never below zero); the new count. */
export const moveLikeCount = async (db: Db, privilegeId: string, up: boolean) =>
  (
    await db
      .updateTable('privilege')
      .set({ like_count: up ? sql`like_count + 1` : sql`greatest(like_count - 1, 0)` })
      .where('id', '=', privilegeId)
      .returning('like_count')
      .executeTakeFirstOrThrow()
  ).like_count;

export const likeCount = async (db: Db, privilegeId: string) =>
  (
    await db
      .selectFrom('privilege')
      .select('like_count')
      .where('id', '=', privilegeId)
      .executeTakeFirstOrThrow()
  ).like_count;
