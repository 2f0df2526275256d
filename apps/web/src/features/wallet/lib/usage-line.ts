import type { TFunction } from 'i18next';
import type { Usage } from './wallet-state.ts';

/** A voucher's uses in one short line: "Unlimited use", "2 uses left" or "Fully used". */
export const usageLine = (t: TFunction, usage: Usage) =>
  usage.kind === 'unlimited'
    ? t('wallet.usage.unlimitedTitle')
    : usage.kind === 'limited'
      ? t('wallet.usage.left', { count: usage.left })
      : t('wallet.usage.exhaustedTitle');
