import { describe, expect, it } from 'vitest';
import { voucherStatusLabel } from '../../../shared/catalogue/voucher-status.ts';
import { i18next } from '../../../shared/i18n/i18n.ts';
import { aWalletVoucher } from '../test-data.ts';
import { usageOf, walletActionOf, walletStatus } from './wallet-state.ts';

const label = (lang: 'en' | 'th', over: Parameters<typeof aWalletVoucher>[0]) => {
  const status = walletStatus(aWalletVoucher(over));
  return status ? voucherStatusLabel(i18next.getFixedT(lang), status) : null;
};

describe('a wallet card’s status, in the catalogue’s words', () => {
  it.each([
    ['used', { status: 'used', usedCount: 1, daysLeft: 5 }, 'Used', 'ใช้แล้ว'],
    ['expired', { status: 'expired', daysLeft: null }, 'Expired', 'หมดอายุแล้ว'],
    ['last day', { daysLeft: 0 }, 'Expires today', 'หมดเขตวันนี้'],
    ['one day', { daysLeft: 1 }, 'Expires in 1 day', 'หมดเขตในอีก 1 วัน'],
    ['a month', { daysLeft: 30 }, 'Expires in 30 days', 'หมดเขตในอีก 30 วัน'],
    ['further away: the date instead', { daysLeft: 31 }, null, null],
  ] as const)('%s', (_rule, over, en, th) => {
    expect(label('en', over)).toBe(en);
    expect(label('th', over)).toBe(th);
  });

  it('every use spent reads Used, even past the end date', () => {
    expect(label('en', { status: 'expired', usageLimit: 2, usedCount: 2, daysLeft: null })).toBe('Used');
  });
});

describe('usage and actions', () => {
  it('unlimited, limited with uses left, exhausted', () => {
    expect(usageOf({ usageLimit: null, usedCount: 7 })).toEqual({ kind: 'unlimited', used: 7 });
    expect(usageOf({ usageLimit: 3, usedCount: 1 })).toEqual({ kind: 'limited', limit: 3, used: 1, left: 2 });
    expect(usageOf({ usageLimit: 3, usedCount: 3 })).toEqual({ kind: 'exhausted', limit: 3 });
  });

  it('Redeem while usable; Used when every use is spent; Expired when it lapsed unused', () => {
    expect(walletActionOf(aWalletVoucher())).toBe('redeem');
    expect(walletActionOf(aWalletVoucher({ usageLimit: null, usedCount: 40 }))).toBe('redeem');
    expect(walletActionOf(aWalletVoucher({ usageLimit: 2, usedCount: 2 }))).toBe('used');
    expect(walletActionOf(aWalletVoucher({ status: 'expired', usedCount: 0 }))).toBe('expired');
    expect(walletActionOf(aWalletVoucher({ status: 'expired', usageLimit: 1, usedCount: 1 }))).toBe('used');
  });
});
