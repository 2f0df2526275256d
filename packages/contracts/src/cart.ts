import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { AvailabilitySchema, MerchantRefSchema, PriceOptionSchema } from './catalogue.ts';
import { CART_ITEM_MAX_QUANTITY, CART_MAX_LINES } from './constants.ts';

export { CART_ITEM_MAX_QUANTITY, CART_MAX_LINES } from './constants.ts';

/*
 * The member's cart lives on the server. Every cart call answers the whole cart, which the client
 * puts in place of its own copy. Lines that can no longer be bought stay in the cart, flagged.
 */

const Id = z.uuid();
const Quantity = z.number().int().min(1).max(CART_ITEM_MAX_QUANTITY);

/** Why a line cannot be checked out now; null when it can. */
export const CartLineProblemSchema = z.enum([
  ...AvailabilitySchema.options,
  /** The price option was removed from the voucher. */
  'option_removed',
  /** Fewer left than the line's quantity (maxQuantity says how many). */
  'not_enough_stock',
]);
export type CartLineProblem = z.infer<typeof CartLineProblemSchema>;

export const CartVoucherSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  /** Whole baht for one unit of this line's option (the voucher's own price without options). */
  price: z.number().int(),
  /** Points one unit earns. */
  pointsEarned: z.number().int(),
  /** Units left to sell; null = unlimited. */
  remaining: z.number().int().nullable(),
});

export const CartItemSchema = z.object({
  id: z.string(),
  voucher: CartVoucherSchema,
  merchant: MerchantRefSchema,
  priceOption: PriceOptionSchema.nullable(),
  quantity: z.number().int(),
  /** The most this line may hold now: the per-line maximum, or fewer when less stock is left. */
  maxQuantity: z.number().int(),
  /** voucher.price × quantity. */
  lineTotal: z.number().int(),
  /** False when `problem` is set: the line stays in the cart but cannot be checked out. */
  available: z.boolean(),
  problem: CartLineProblemSchema.nullable(),
  addedAt: z.string(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z.object({
  /** Newest first. */
  items: z.array(CartItemSchema),
  /** Units over all lines (the bottom navigation's badge). */
  itemCount: z.number().int(),
});
export type Cart = z.infer<typeof CartSchema>;
export const CartResponseSchema = envelope(CartSchema);

export const CartLineInputSchema = z.strictObject({
  voucherId: Id,
  /** Required when the voucher has price options; absent or null otherwise. */
  priceOptionId: Id.nullable().optional(),
  quantity: Quantity,
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

/** POST /bff/cart/addItems: adding a voucher and option already in the cart adds to its quantity. */
export const AddCartItemsBodySchema = z.strictObject({
  items: z.array(CartLineInputSchema).min(1).max(CART_MAX_LINES),
});
export type AddCartItemsBody = z.infer<typeof AddCartItemsBodySchema>;

/** PATCH /bff/cart/update/item: sets one line's quantity. */
export const UpdateCartItemBodySchema = z.strictObject({ id: Id, quantity: Quantity });
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBodySchema>;

/** DELETE /bff/cart/remove/items: the lines to remove (unknown ids are ignored). */
export const RemoveCartItemsBodySchema = z.strictObject({
  ids: z.array(Id).min(1).max(CART_MAX_LINES),
});
export type RemoveCartItemsBody = z.infer<typeof RemoveCartItemsBodySchema>;
