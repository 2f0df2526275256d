import type { LikeData, PrivilegeSummary } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { presentContext, type CatalogueCtx } from './catalogue.context.ts';
import { presentPrivilegeSummary } from './catalogue.presenter.ts';
import {
  deleteLike,
  favoritePrivileges,
  insertLike,
  likeCount,
  moveLikeCount,
  privilegeExists,
} from './likes.repository.ts';
import type { Reader } from './viewer.ts';

/** A member's favourites list is short by nature; the newest this many likes are answered. */
export const FAVORITES_LIMIT = 100;

/** The member's liked privileges, most recently liked first; ended ones too (they were liked). */
export const favorites = async (
  ctx: CatalogueCtx,
  reader: Reader & { memberId: string },
): Promise<PrivilegeSummary[]> => {
  const viewer = await ctx.viewers.of(ctx.db, reader);
  const now = ctx.now();
  const rows = await favoritePrivileges(ctx.db, reader.memberId, FAVORITES_LIMIT);
  const c = await presentContext(ctx, viewer, now, rows);
  return rows.map((r) => presentPrivilegeSummary(r, c));
};

/**
 * Likes or unlikes, idempotently: the (member, privilege) primary key decides whether anything
 * changed, and like_count moves only when it did — in the same transaction, so concurrent likes of
 * one member count once. Unknown privilege → 404.
 */
export const setLike = async (
  ctx: CatalogueCtx,
  reader: Reader & { memberId: string },
  privilegeId: string,
  like: boolean,
): Promise<LikeData> => {
  await ctx.viewers.of(ctx.db, reader); // 401 when the token outlived its member
  const { memberId } = reader;
  const now = ctx.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await privilegeExists(trx, privilegeId))) throw new AppError('privilege_not_found');
    const changed = like
      ? await insertLike(trx, memberId, privilegeId, now)
      : await deleteLike(trx, memberId, privilegeId);
    const count = changed ? await moveLikeCount(trx, privilegeId, like) : await likeCount(trx, privilegeId);
    return { id: privilegeId, liked: like, likeCount: count };
  });
  // Committed: this member's likes and the like count are seen by this process's next read at once
  // (other processes see the version the triggers moved within a poll).
  ctx.freshness.changed();
  return result;
};
