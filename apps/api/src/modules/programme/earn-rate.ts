/** So many points for so many baht paid (pointsForPaid in the contracts applies it). */
export interface EarnRate {
  points: number;
  price: number;
}

/**
 * A voucher's earn rate: its own (its points for its price) when it sets one, else the programme's
 * 1 point per `bahtPerPoint` baht.
 */
export const earnRateOf = (
  voucher: { points_earned: number | null; price: number },
  bahtPerPoint: number,
): EarnRate =>
  voucher.points_earned === null
    ? { points: 1, price: bahtPerPoint }
    : { points: voucher.points_earned, price: voucher.price };
