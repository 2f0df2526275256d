import type { WalletVoucher } from '@app/contracts';
import { EXPIRES_SOON_DAYS, type VoucherStatus } from '../../../shared/catalogue/voucher-status.ts';

type Uses = Pick<WalletVoucher, 'usageLimit' | 'usedCount'>;
type State = Uses & Pick<WalletVoucher, 'status' | 'daysLeft'>;

/** Every use of a limited voucher is spent (an unlimited one never is). */
export const isUsedUp = (v: Uses) => v.usageLimit !== null && v.usedCount >= v.usageLimit;

/**
 * A wallet card's status in the catalogue's words: Used, Expired, Expires today, Expires in N days.
 * The server decides used and expired and counts `daysLeft` in Bangkok calendar days; used wins over
 * expired (a voucher spent before it lapsed was used, not wasted). An end more than a month away is not
 * news: the card shows its date instead, as catalogue cards leave such an end unlabelled.
 */
export function walletStatus(v: State): VoucherStatus | null {
  if (isUsedUp(v) || v.status === 'used') return { kind: 'used' };
  if (v.status === 'expired') return { kind: 'expired' };
  if (v.daysLeft === null) return null;
  if (v.daysLeft <= 0) return { kind: 'expiresToday' };
  if (v.daysLeft <= EXPIRES_SOON_DAYS) return { kind: 'expiresIn', days: v.daysLeft };
  return null;
}

/** The usage banner: as often as you like, N times with some left, or every use spent. */
export type Usage =
  | { kind: 'unlimited'; used: number }
  | { kind: 'limited'; limit: number; used: number; left: number }
  | { kind: 'exhausted'; limit: number };

export function usageOf(v: Uses): Usage {
  if (v.usageLimit === null) return { kind: 'unlimited', used: v.usedCount };
  if (v.usedCount >= v.usageLimit) return { kind: 'exhausted', limit: v.usageLimit };
  return { kind: 'limited', limit: v.usageLimit, used: v.usedCount, left: v.usageLimit - v.usedCount };
}

/** What the detail's action bar offers: Redeem Now and Use, or a disabled Used / Expired. */
export type WalletAction = 'redeem' | 'used' | 'expired';

export function walletActionOf(v: Uses & Pick<WalletVoucher, 'status'>): WalletAction {
  if (isUsedUp(v) || v.status === 'used') return 'used';
  if (v.status === 'expired') return 'expired';
  return 'redeem';
}
