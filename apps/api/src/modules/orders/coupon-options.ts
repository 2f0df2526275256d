import type { CouponOption, Language } from '@app/contracts';
import { couponCovers, couponsCovering, presentCouponRule } from '../catalogue/index.ts';
import { couponProblemText, memberTier, resolveLines, type Purchase } from './checkout.service.ts';
import type { OrdersCtx } from './orders.context.ts';
import { memberCouponUses } from './orders.repository.ts';
import { judgeCoupon, lineTotal } from './pricing.ts';

/*
 * The checkout's coupon list for the member's actual basket. Each coupon whose dates and scope cover
 * something being bought is judged by the very rule the order applies (judgeCoupon, on the same priced
 * lines), so a code offered as usable is one Confirm accepts; the rest carry the reason, and below the
 * minimum spend how much more the lines it covers need.
 */
export const couponOptions = async (
  ctx: OrdersCtx,
  memberId: string,
  purchase: Purchase,
  lang: Language,
): Promise<CouponOption[]> => {
  const now = ctx.now();
  const tier = await memberTier(ctx.db, memberId);
  const lines = await resolveLines(ctx.db, memberId, purchase, { lang, tier }, now);
  const rules = await couponsCovering(
    ctx.db,
    lines.map((l) => ({ id: l.voucherId, merchantId: l.merchantId })),
    now,
  );
  const options: CouponOption[] = [];
  for (const rule of rules) {
    const uses = rule.perMemberLimit === null ? 0 : await memberCouponUses(ctx.db, memberId, rule.id);
    const verdict = judgeCoupon(rule, lines, uses, now, couponCovers);
    const coupon = presentCouponRule(rule, lang);
    if (verdict.ok) {
      options.push({
        coupon,
        usable: true,
        problem: null,
        message: null,
        discount: verdict.discount,
        shortfall: null,
      });
      continue;
    }
    const covered = lines.filter((l) => couponCovers(rule, l.voucherId, l.merchantId));
    const spend = covered.reduce((n, l) => n + lineTotal(l), 0);
    options.push({
      coupon,
      usable: false,
      problem: verdict.problem,
      message: couponProblemText(lang, verdict.problem, verdict.minSpend),
      discount: 0,
      shortfall: verdict.problem === 'coupon_min_spend' ? rule.minSpend - spend : null,
    });
  }
  // Usable first, biggest saving first; the rest keep the soonest-to-end order.
  return [
    ...options.filter((o) => o.usable).sort((a, b) => b.discount - a.discount),
    ...options.filter((o) => !o.usable),
  ];
};
