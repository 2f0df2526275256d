import { pruneOfflineCopies } from '../../../pwa/offline-store.ts';
import { idleMoment } from '../../../shared/when-settled.ts';
import type { DeviceCopyMark } from '../api/device-copy.ts';
import { getWallet, getWalletGroups, WALLET_PAGE_SIZE } from '../api/get-wallet.ts';
import { getWalletVoucher } from '../api/get-wallet-voucher.ts';
import type { WalletScope } from '../api/query-keys.ts';
import { DEFAULT_WALLET_FILTER } from '../lib/wallet-filter.ts';

/** The most list pages and items one refresh reads: a wallet larger than this keeps its first ones. */
const MAX_PAGES = 5;
const MAX_ITEMS = 100;
/** Item screens read at once: a few, so a refresh never crowds out what the member is doing. */
const PARALLEL = 3;
/** A copy no refresh has touched for this long is an item gone from the wallet: removed. */
const KEEP_MS = 30 * 24 * 3_600_000;

/** The server could not be reached mid-way: what is on the device stays as it was. */
class Unreachable extends Error {}

const fresh = <T extends DeviceCopyMark>(answer: T): T => {
  if (answer.offlineSavedAt !== undefined) throw new Unreachable();
  return answer;
};

/**
 * Reads what the wallet shows with no signal, each answer keeping its copy on the device as it comes
 * (the same reads, and so the same copies, as the screens'): the list as it opens (usable vouchers,
 * newest first), the list of each group of identical vouchers, and every usable voucher's own screen
 * with its code. Then removes other members' copies and ones no refresh has touched for a month.
 */
export async function refreshOfflineWallet(scope: WalletScope): Promise<void> {
  const filter = DEFAULT_WALLET_FILTER;
  const limit = WALLET_PAGE_SIZE;
  try {
    const groups = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = fresh(await getWalletGroups(scope, filter, { page, limit }));
      groups.push(...answer.items);
      if (page >= answer.totalPages) break;
    }
    const ids: string[] = [];
    for (const group of groups) {
      if (group.count === 1) ids.push(group.id);
      else {
        const items = fresh(await getWallet(scope, { ...filter, group: group.group }, { page: 1, limit }));
        ids.push(...items.items.map((item) => item.id));
      }
    }
    const queue = ids.slice(0, MAX_ITEMS);
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        // Each voucher in the browser's idle time: a tap meanwhile is answered first.
        await idleMoment();
        fresh(await getWalletVoucher(scope, id));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await pruneOfflineCopies(scope.viewer, Date.now() - KEEP_MS);
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
  }
}
