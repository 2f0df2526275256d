import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthState } from '../features/auth/index.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { keepWalletOnDevice } from './start.ts';

// The refresh itself is the wallet's (tested there): here, when it runs and for whom.
const refreshOfflineWallet = vi.fn((_: { lang: string; viewer: string }) => Promise.resolve());
vi.mock('../features/wallet/offline/refresh-offline-wallet.ts', () => ({
  refreshOfflineWallet: (args: { lang: string; viewer: string }) => refreshOfflineWallet(args),
}));

const signIn = (id: string) => useAuthStore.setState({ isLoggedIn: true, info: { id } as AuthState['info'] });
const tick = () => new Promise((r) => setTimeout(r, 10));

/** A read of the screen's that the test answers when it likes. */
function screenRead() {
  let answer!: (value: string) => void;
  void queryClient.fetchQuery({
    queryKey: ['screen', Math.random()],
    queryFn: () => new Promise<string>((r) => (answer = r)),
  });
  return () => answer('here');
}

describe("the wallet's copy on the device, kept from the app's start", () => {
  let idle: (() => void)[];
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    refreshOfflineWallet.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useAuthStore.setState({ isLoggedIn: false, info: null });
  });

  it("waits for the screen's reads and an idle moment, then refreshes whoever is signed in by then", async () => {
    signIn('first');
    const answer = screenRead();
    keepWalletOnDevice();
    await tick();
    expect(refreshOfflineWallet).not.toHaveBeenCalled();
    expect(idle).toHaveLength(0);

    answer();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(refreshOfflineWallet).not.toHaveBeenCalled();
    // The member signs in as someone else before the browser is idle: that member's wallet is kept.
    useAuthStore.setState({ isLoggedIn: true, info: { id: 'second' } as AuthState['info'] });
    idle.shift()!();
    await vi.waitFor(() => expect(refreshOfflineWallet).toHaveBeenCalledTimes(1));
    expect(refreshOfflineWallet.mock.calls[0]![0]).toMatchObject({ viewer: 'second' });
  });
});
