import {
  AddCartItemsBodySchema,
  CART_ITEM_MAX_QUANTITY,
  CART_MAX_LINES,
  CartResponseSchema,
  ErrorEnvelopeSchema,
  RemoveCartItemsBodySchema,
  UpdateCartItemBodySchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forRequest } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { AppModule } from '../../http/module.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import { langOf } from '../../i18n/request-language.ts';
import {
  addItems,
  clearCart,
  getCart,
  removeItem,
  removeItems,
  updateItem,
  type CartReader,
} from './cart.service.ts';

const readerOf = (req: FastifyRequest): CartReader => ({
  memberId: req.member.memberId,
  lang: langOf(req),
});

const WHOLE_CART =
  'Answers the whole cart (newest line first, texts in the Accept-Language), which replaces the client’s copy.';
const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema };
/**
 * Adding a voucher and changing a line's quantity are refused for the same reasons (the voucher can
 * no longer be had, its tier, a missing line, the quantity bounds), so they answer the same codes.
 */
const SET_QUANTITY_RESPONSES = {
  200: CartResponseSchema,
  ...errors,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
};

/**
 * The member's cart, for prefix '/bff'. Every route needs a member and answers the whole cart, which
 * the client puts in place of its own; a line that can no longer be bought stays in it with
 * `available: false` and its problem.
 */
export const cartModule: AppModule = async (app, { deps }) => {
  const ctxOf = (req: FastifyRequest) => forRequest(deps, req);
  app.addHook('onRequest', async (_req, reply) => {
    // The cart is the member's own and changes with every call: never kept by a cache.
    reply.header('cache-control', 'private, no-store');
    reply.header('vary', 'Accept-Language, Authorization');
  });

  app.get(
    '/cart',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['cart'],
        summary: "The member's cart",
        description: `${WHOLE_CART} A line that can no longer be bought has \`available: false\` and its \`problem\`.`,
        security: MEMBER_SECURITY,
        querystring: z.strictObject({}),
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (req) => ok(await getCart(ctxOf(req), readerOf(req))),
  );

  app.post(
    '/cart/addItems',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['cart'],
        summary: 'Add vouchers to the cart (all or none)',
        description:
          `${WHOLE_CART} The same voucher and option again adds to its line's quantity. ` +
          `A line holds at most ${CART_ITEM_MAX_QUANTITY} and no more than is left (409 quantity_limit); ` +
          `a cart holds at most ${CART_MAX_LINES} lines (409 cart_full). Refused: sold out (409 out_of_stock), ` +
          'not on sale yet (409 sale_not_started), sale over (409 sale_ended), tier too low (403 tier_locked), ' +
          'privilege-only (403 privilege_only), no option for a voucher with options (400 price_option_required), ' +
          "an option that is not the voucher's (400 price_option_not_found), unknown voucher (404 voucher_not_found).",
        security: MEMBER_SECURITY,
        body: AddCartItemsBodySchema,
        response: SET_QUANTITY_RESPONSES,
      },
    },
    async (req) => ok(await addItems(ctxOf(req), readerOf(req), req.body)),
  );

  app.patch(
    '/cart/update/item',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['cart'],
        summary: "Set one line's quantity",
        description:
          `${WHOLE_CART} Within the same bounds as adding (409 quantity_limit). A line that is not the member's ` +
          '→ 404 cart_item_not_found; a line whose voucher can no longer be bought → its reason (as when adding).',
        security: MEMBER_SECURITY,
        body: UpdateCartItemBodySchema,
        response: SET_QUANTITY_RESPONSES,
      },
    },
    async (req) => ok(await updateItem(ctxOf(req), readerOf(req), req.body)),
  );

  app.delete(
    '/cart/remove/item/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['cart'],
        summary: 'Remove one line',
        description: `${WHOLE_CART} A line that is not the member's (or not a line id) → 404 cart_item_not_found.`,
        security: MEMBER_SECURITY,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: CartResponseSchema, ...errors, 404: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await removeItem(ctxOf(req), readerOf(req), req.params.id)),
  );

  app.delete(
    '/cart/remove/items',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['cart'],
        summary: 'Remove several lines (ids in the body)',
        description: `${WHOLE_CART} Ids that are not the member's lines are ignored.`,
        security: MEMBER_SECURITY,
        body: RemoveCartItemsBodySchema,
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (req) => ok(await removeItems(ctxOf(req), readerOf(req), req.body.ids)),
  );

  app.delete(
    '/cart/clear',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['cart'],
        summary: 'Empty the cart',
        description: WHOLE_CART,
        security: MEMBER_SECURITY,
        response: { 200: CartResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (req) => ok(await clearCart(ctxOf(req), readerOf(req))),
  );
};
