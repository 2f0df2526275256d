import type { Language } from '@app/contracts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { tokenStorage } from '../../../shared/api/tokens.ts';
import { useAuthStore } from '../../auth/index.ts';
import type { WalletFilter } from '../lib/wallet-filter.ts';

/**
 * Whose wallet, in which language: titles and merchant names follow Accept-Language, and the answers
 * belong to one member. Both are in every key, so neither a language switch nor another member signing
 * in on this device can show an answer meant for someone else.
 */
export type WalletScope = { lang: Language; viewer: string };

/** The viewer before the member's info is known: nothing is kept on the device or read from it for it. */
export const UNKNOWN_VIEWER = 'member';

export function useWalletScope(): WalletScope {
  const { lang } = useLocalizedPath();
  const viewer = useAuthStore((s) => s.info?.id ?? storedSessionMember() ?? UNKNOWN_VIEWER);
  return { lang, viewer };
}

/**
 * The member whose session this device stores: the access token's subject. Read only while the
 * session has not been confirmed (no signal at start-up: the refresh could not reach the server), so
 * the wallet can open this member's copy on the device. Not trusted for anything else: the server
 * checks the token itself on every call.
 */
export function storedSessionMember(): string | null {
  const payload = tokenStorage.get()?.accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/')) as string;
    const { sub } = JSON.parse(json) as { sub?: unknown };
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
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
