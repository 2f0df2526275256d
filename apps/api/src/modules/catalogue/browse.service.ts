import type { BannerPosition, Language } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { answerOf } from './answer.ts';
import { countActiveBanners, listBanners, pageActiveBanners } from './banners.repository.ts';
import type { CatalogueCtx } from './catalogue.context.ts';
import {
  pageOf,
  presentBanner,
  presentCategory,
  presentCoupon,
  presentMerchant,
} from './catalogue.presenter.ts';
import { listCategories } from './categories.repository.ts';
import { countCoupons, couponMerchants, couponVouchers, listCoupons } from './coupons.repository.ts';
import { countMerchants, findMerchant, listMerchants } from './merchants.repository.ts';
import type { Paging } from './query-parts.ts';

/*
 * Banners, categories, stores and coupons: the same for every viewer (no token is read), in the
 * viewer's language.
 */

/** A page and its total: counted first, and the page read only when it is not past the end. */
const paged = async <R>(
  page: number,
  limit: number,
  count: () => Promise<number>,
  list: (paging: Paging) => Promise<R[]>,
) => {
  const total = await count();
  const offset = (page - 1) * limit;
  return { total, rows: offset < total ? await list({ offset, limit }) : [] };
};

/** The active banners of one position, in their order. */
export const banners = async (ctx: CatalogueCtx, lang: Language, position: BannerPosition) => {
  const rows = await listBanners(ctx.db, position, ctx.now());
  return rows.map((r) => presentBanner(r, { lang, media: ctx.media }));
};

/** Every active banner, TOP before BOTTOM, each in its order; paged. */
export const ticketOfficeBanners = async (ctx: CatalogueCtx, lang: Language, page: number, limit: number) => {
  const now = ctx.now();
  const { total, rows } = await paged(
    page,
    limit,
    () => countActiveBanners(ctx.db, now),
    (p) => pageActiveBanners(ctx.db, p, now),
  );
  return pageOf(
    rows.map((r) => presentBanner(r, { lang, media: ctx.media })),
    page,
    limit,
    total,
  );
};

export const categories = async (ctx: CatalogueCtx, lang: Language) =>
  (await listCategories(ctx.db)).map((r) => presentCategory(r, { lang, media: ctx.media }));

/** Stores by name in the viewer's language; voucherCount = their vouchers listed now. */
export const merchants = async (ctx: CatalogueCtx, lang: Language, page: number, limit: number) => {
  const now = ctx.now();
  const { total, rows } = await paged(
    page,
    limit,
    () => countMerchants(ctx.db),
    (p) => listMerchants(ctx.db, lang, p, now),
  );
  return pageOf(
    rows.map((r) => presentMerchant(r, { lang, media: ctx.media })),
    page,
    limit,
    total,
  );
};

/** One store; unknown or not a uuid → 404. */
export const merchant = async (ctx: CatalogueCtx, lang: Language, id: string) => {
  const row = await findMerchant(ctx.db, id, ctx.now());
  if (!row) throw new AppError('merchant_not_found');
  return presentMerchant(row, { lang, media: ctx.media });
};

/**
 * The Coupon tab: valid coupons first, then upcoming; used-up and ended ones left out. Each with the
 * stores and vouchers it is limited to (none = the whole catalogue).
 */
export const coupons = async (ctx: CatalogueCtx, lang: Language, page: number, limit: number) => {
  const now = ctx.now();
  const { total, rows } = await paged(
    page,
    limit,
    () => countCoupons(ctx.db, now),
    (p) => listCoupons(ctx.db, p, now),
  );
  const ids = rows.map((r) => r.id);
  const merchantRows = await couponMerchants(ctx.db, ids);
  const voucherRows = await couponVouchers(ctx.db, ids);
  const items = rows.map((r) =>
    presentCoupon(
      r,
      merchantRows.filter((m) => m.coupon_id === r.id),
      voucherRows.filter((v) => v.coupon_id === r.id).map((v) => v.voucher_id),
      { lang, media: ctx.media },
    ),
  );
  return pageOf(items, page, limit, total);
};

/**
 * Through the answer cache: these answers are the same for every viewer of one language, so one
 * copy per language and request (`what`) serves all.
 */
export const browseAnswer = (
  ctx: CatalogueCtx,
  lang: Language,
  what: readonly unknown[],
  schema: z.ZodType,
  compute: () => Promise<unknown>,
) =>
  ctx.answers.through(JSON.stringify(['browse', lang, ...what]), async () =>
    answerOf(schema, await compute()),
  );
