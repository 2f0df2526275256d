import type { TFunction } from 'i18next';
import { calendarDaysBetween, isValidInstant, PROGRAMME_TIME_ZONE, type Instant } from '../calendar.ts';

/**
 * The status label of a voucher card: used, expired, starts in N days, starts today,
 * expires in N days, expires today — or none. `used` is for wallet items (a code used up).
 */
export type VoucherStatus =
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'startsIn'; days: number }
  | { kind: 'startsToday' }
  | { kind: 'expiresIn'; days: number }
  | { kind: 'expiresToday' };

export type VoucherStatusOptions = {
  /** A wallet item whose uses are spent. */
  used?: boolean;
  /** An end further away than this many calendar days gets no label (it is not news yet). */
  soonDays?: number;
  /** The zone whose calendar days are counted: the programme's, not the device's. */
  timeZone?: string;
};

/** Ends at most this many days away are announced on cards. */
export const EXPIRES_SOON_DAYS = 30;

/**
 * First match wins: used; expired (the end has passed); starts today / in N days (the start is still
 * ahead); expires today / in N days (the end is within `soonDays`). Days are calendar days in
 * Asia/Bangkok, so 23:59 and 00:01 Bangkok time are different days on every device.
 */
export function voucherStatus(
  now: Instant,
  saleStartsAt: Instant | null | undefined,
  saleEndsAt: Instant | null | undefined,
  options: VoucherStatusOptions = {},
): VoucherStatus | null {
  const { used = false, soonDays = EXPIRES_SOON_DAYS, timeZone = PROGRAMME_TIME_ZONE } = options;
  if (used) return { kind: 'used' };
  const t = new Date(now).getTime();
  if (isValidInstant(saleEndsAt) && new Date(saleEndsAt).getTime() <= t) return { kind: 'expired' };
  if (isValidInstant(saleStartsAt) && t < new Date(saleStartsAt).getTime()) {
    const days = calendarDaysBetween(now, saleStartsAt, timeZone);
    return days <= 0 ? { kind: 'startsToday' } : { kind: 'startsIn', days };
  }
  if (isValidInstant(saleEndsAt)) {
    const days = calendarDaysBetween(now, saleEndsAt, timeZone);
    if (days <= 0) return { kind: 'expiresToday' };
    if (days <= soonDays) return { kind: 'expiresIn', days };
  }
  return null;
}

/** The status in the member's language. */
export function voucherStatusLabel(t: TFunction, status: VoucherStatus): string {
  switch (status.kind) {
    case 'used':
      return t('catalogue.status.used');
    case 'expired':
      return t('catalogue.status.expired');
    case 'startsToday':
      return t('catalogue.status.startsToday');
    case 'startsIn':
      return t('catalogue.status.startsIn', { count: status.days });
    case 'expiresToday':
      return t('catalogue.status.expiresToday');
    case 'expiresIn':
      return t('catalogue.status.expiresIn', { count: status.days });
  }
}

/** How loudly a status speaks on a card (CSS modifier). */
export function voucherStatusTone(status: VoucherStatus): 'muted' | 'urgent' | 'soon' | 'info' {
  switch (status.kind) {
    case 'used':
    case 'expired':
      return 'muted';
    case 'expiresToday':
      return 'urgent';
    case 'expiresIn':
      return status.days <= 3 ? 'urgent' : 'soon';
    case 'startsToday':
    case 'startsIn':
      return 'info';
  }
}
