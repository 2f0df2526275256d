import type { Language } from '@app/contracts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { useAuthStore } from '../../auth/index.ts';
import type { WalletFilter } from '../lib/wallet-filter.ts';

/**
 * Whose wallet, in which language: titles and merchant names follow Accept-Language, and the answers
 * belong to one member. Both are in every key, so neither a language switch nor another member signing
 * in on this device can show an answer meant for someone else.
 */
export type WalletScope = { lang: Language; viewer: string };

export function useWalletScope(): WalletScope {
  const { lang } = useLocalizedPath();
  const viewer = useAuthStore((s) => s.info?.id ?? 'member');
  return { lang, viewer };
}

const root = ['wallet'] as const;
const scoped = (s: WalletScope) => [...root, s.lang, s.viewer] as const;

/** Every wallet query key. `all` reaches them all (a purchase or a redemption changes the wallet). */
export const walletKeys = {
  all: root,
  scope: scoped,
  pages: (s: WalletScope, filter: WalletFilter) => [...scoped(s), 'pages', filter] as const,
  groups: (s: WalletScope, filter: WalletFilter) => [...scoped(s), 'groups', filter] as const,
  detail: (s: WalletScope, id: string) => [...scoped(s), 'detail', id] as const,
};
