import {
  CART_MAX_LINES,
  type AddCartItemsBody,
  type Cart,
  type CartLineProblem,
  type ErrorCode,
  type Language,
  type UpdateCartItemBody,
} from '@app/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error.ts';
import type { Ctx } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { loadPurchasables, type PurchaseRef } from '../catalogue/index.ts';
import { getMember } from '../member/index.ts';
import { lineMaximum, presentCart } from './cart.presenter.ts';
import {
  addToLine,
  deleteAllLines,
  deleteLines,
  takeFromLines,
  lockMemberCart,
  memberLines,
  memberLinesIn,
  setLineQuantity,
} from './cart.repository.ts';

/*
 * The member's cart. Every change runs in one transaction holding the member's cart lock, and every
 * call answers the whole cart as it is afterwards, judged now: a line whose voucher can no longer be
 * bought stays, flagged, until the member removes it.
 */

/** Who the cart belongs to and the language its texts are answered in. */
export interface CartReader {
  memberId: string;
  lang: Language;
}

type Viewer = { lang: Language; tier: Awaited<ReturnType<typeof getMember>>['tier'] };

/** The member's tier decides tier-locked and privilege-only vouchers; 401 when the member is gone. */
const viewerOf = async (ctx: Ctx, reader: CartReader): Promise<Viewer> => ({
  lang: reader.lang,
  tier: (await getMember(ctx, reader.memberId)).tier,
});

const refOf = (row: { voucher_id: string; price_option_id: string | null }): PurchaseRef => ({
  voucherId: row.voucher_id,
  priceOptionId: row.price_option_id,
});

const readCart = async (ctx: Ctx, db: Kysely<Database>, memberId: string, viewer: Viewer) => {
  const rows = await memberLines(db, memberId);
  return presentCart(rows, await loadPurchasables(db, rows.map(refOf), viewer, ctx.now()));
};

/** Why a voucher cannot be put in the cart, as the error the member is shown. */
const refusal = (problem: CartLineProblem, ref: PurchaseRef): ErrorCode => {
  switch (problem) {
    case 'option_removed':
      return ref.priceOptionId === null ? 'price_option_required' : 'price_option_not_found';
    case 'sold_out':
      return 'out_of_stock';
    case 'not_started':
      return 'sale_not_started';
    case 'ended':
      return 'sale_ended';
    case 'not_enough_stock':
      return 'quantity_limit';
    case 'tier_locked':
    case 'privilege_only':
      return problem;
  }
};

export const getCart = async (ctx: Ctx, reader: CartReader): Promise<Cart> =>
  readCart(ctx, ctx.db, reader.memberId, await viewerOf(ctx, reader));

/** One line per member, voucher and option (uuids compared as PostgreSQL does, case-blind). */
const lineKey = (ref: PurchaseRef) => `${ref.voucherId}/${ref.priceOptionId ?? ''}`.toLowerCase();

/** Lines of one call naming the same voucher and option are one line: their quantities add up. */
const mergeInputs = (items: AddCartItemsBody['items']) => {
  const merged = new Map<string, PurchaseRef & { quantity: number }>();
  for (const item of items) {
    const ref = { voucherId: item.voucherId, priceOptionId: item.priceOptionId ?? null };
    const key = lineKey(ref);
    const seen = merged.get(key);
    if (seen) seen.quantity += item.quantity;
    else merged.set(key, { ...ref, quantity: item.quantity });
  }
  return [...merged.values()];
};

/**
 * Adds every item or none. Adding a voucher and option already in the cart adds to that line's
 * quantity; a line holds at most CART_ITEM_MAX_QUANTITY and no more than is left; a voucher that
 * cannot be bought now (sold out, not on sale, not for the member's tier, option missing) is refused
 * with its reason; a new line beyond CART_MAX_LINES is refused (cart_full).
 */
export const addItems = async (ctx: Ctx, reader: CartReader, body: AddCartItemsBody): Promise<Cart> => {
  const viewer = await viewerOf(ctx, reader);
  const { memberId } = reader;
  const now = ctx.now();
  const items = mergeInputs(body.items);
  await ctx.db.transaction().execute(async (trx) => {
    await lockMemberCart(trx, memberId);
    const lines = new Set((await memberLines(trx, memberId)).map((r) => lineKey(refOf(r))));
    const purchasables = await loadPurchasables(trx, items, viewer, now);
    for (const [i, item] of items.entries()) {
      const p = purchasables[i];
      if (!p) throw new AppError('voucher_not_found');
      if (p.problem) throw new AppError(refusal(p.problem, item));
      const max = lineMaximum(p);
      const key = lineKey(p);
      const isNew = !lines.has(key);
      if (isNew && lines.size >= CART_MAX_LINES) throw new AppError('cart_full');
      if (item.quantity > max) throw new AppError('quantity_limit');
      const line = {
        memberId,
        voucherId: p.voucherId,
        priceOptionId: p.priceOptionId,
        quantity: item.quantity,
      };
      if (!(await addToLine(trx, { ...line, max }, now))) throw new AppError('quantity_limit');
      lines.add(key);
    }
  });
  return readCart(ctx, ctx.db, memberId, viewer);
};

/**
 * Sets one line's quantity, within the same bounds as adding. A line of another member, or none →
 * 404 cart_item_not_found. A line whose voucher can no longer be bought is refused with the reason;
 * lowering a line to what is left is how a member mends 'not_enough_stock'.
 */
export const updateItem = async (ctx: Ctx, reader: CartReader, body: UpdateCartItemBody): Promise<Cart> => {
  const viewer = await viewerOf(ctx, reader);
  const { memberId } = reader;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockMemberCart(trx, memberId);
    const [line] = await memberLinesIn(trx, memberId, [body.id]);
    if (!line) throw new AppError('cart_item_not_found');
    const [p] = await loadPurchasables(trx, [refOf(line)], viewer, now);
    if (!p) throw new AppError('cart_item_not_found');
    if (p.problem) throw new AppError(refusal(p.problem, refOf(line)));
    if (body.quantity > lineMaximum(p)) throw new AppError('quantity_limit');
    await setLineQuantity(trx, memberId, line.id, body.quantity, now);
  });
  return readCart(ctx, ctx.db, memberId, viewer);
};

/** Removes one of the member's lines; not theirs (or not a line) → 404 cart_item_not_found. */
export const removeItem = async (ctx: Ctx, reader: CartReader, id: string): Promise<Cart> => {
  const viewer = await viewerOf(ctx, reader);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    await lockMemberCart(trx, reader.memberId);
    return deleteLines(trx, reader.memberId, [id]);
  });
  if (!removed) throw new AppError('cart_item_not_found');
  return readCart(ctx, ctx.db, reader.memberId, viewer);
};

/** Removes those of `ids` that are the member's lines; other ids are ignored. */
export const removeItems = async (ctx: Ctx, reader: CartReader, ids: string[]): Promise<Cart> => {
  const viewer = await viewerOf(ctx, reader);
  await ctx.db.transaction().execute(async (trx) => {
    await lockMemberCart(trx, reader.memberId);
    await deleteLines(trx, reader.memberId, ids);
  });
  return readCart(ctx, ctx.db, reader.memberId, viewer);
};

export const clearCart = async (ctx: Ctx, reader: CartReader): Promise<Cart> => {
  const viewer = await viewerOf(ctx, reader);
  await ctx.db.transaction().execute(async (trx) => {
    await lockMemberCart(trx, reader.memberId);
    await deleteAllLines(trx, reader.memberId);
  });
  return readCart(ctx, ctx.db, reader.memberId, viewer);
};

/** The member's cart lines with these ids (others' or unknown ids are simply absent). */
export async function cartLinesFor(
  db: Kysely<Database>,
  memberId: string,
  ids: string[],
): Promise<{ id: string; voucherId: string; priceOptionId: string | null; quantity: number }[]> {
  const rows = await memberLinesIn(db, memberId, ids);
  return rows.map((r) => ({
    id: r.id,
    voucherId: r.voucher_id,
    priceOptionId: r.price_option_id,
    quantity: r.quantity,
  }));
}

/** Removes these lines of this member's cart (after a successful order). */
export async function removeCartLines(trx: Kysely<Database>, memberId: string, ids: string[]): Promise<void> {
  await deleteLines(trx, memberId, ids);
}

/** What a paid order bought leaves the cart: its units come off their lines; an emptied line goes. */
export async function takeFromCartLines(
  trx: Kysely<Database>,
  memberId: string,
  lines: { id: string; quantity: number }[],
  now: Date,
): Promise<void> {
  await takeFromLines(trx, memberId, lines, now);
}
