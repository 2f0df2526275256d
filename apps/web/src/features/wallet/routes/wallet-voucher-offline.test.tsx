import 'fake-indexeddb/auto';
import type { WalletVoucherDetail } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineCopies, readOfflineCopy } from '../../../pwa/offline-store.ts';
import { applyLanguage } from '../../../shared/i18n/i18n.ts';
import { json } from '../../../test/responses.ts';
import { initialAuthState, useAuthStore, type AuthState } from '../../auth/index.ts';
import { aWalletVoucher } from '../test-data.ts';
import { WalletVoucherScreen } from './wallet-voucher.tsx';

const fetchMock = vi.fn<typeof fetch>();
let voucher: WalletVoucherDetail;

function renderDetail(path = '/wallet/w1') {
  useAuthStore.setState({
    ...initialAuthState,
    isInitialed: true,
    isLoggedIn: true,
    info: { id: 'm1' } as AuthState['info'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/wallet/:id" element={<WalletVoucherScreen />} />
          <Route path="/th/wallet/:id" element={<WalletVoucherScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const setOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

/** Opens the voucher online: the device keeps its copy. */
async function openOnline(path: string, lang: string) {
  renderDetail(path);
  await screen.findByTestId('wallet-voucher');
  await waitFor(async () => expect(await readOfflineCopy('m1', `${lang} /bff/wallet/w1`)).not.toBeNull());
  cleanup();
}

beforeEach(async () => {
  await clearOfflineCopies();
  voucher = aWalletVoucher({ id: 'w1' });
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => Promise.resolve(json(200, { success: true, data: voucher })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnline(true);
  applyLanguage('en');
  useAuthStore.setState(initialAuthState);
});

describe('a wallet voucher with no network', () => {
  it("shows the device's copy with when it was saved, the code behind Redeem Now, and Mark as used off with why", async () => {
    await openOnline('/wallet/w1', 'en');
    setOnline(false);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    renderDetail();

    const note = await screen.findByTestId('offline-note');
    expect(note.textContent).toMatch(/^Offline — last updated \d{2}:\d{2}$/);
    await userEvent.click(screen.getByTestId('redeem-now'));
    const codeScreen = await screen.findByTestId('code-screen');
    expect(within(codeScreen).getByTestId('voucher-code').getAttribute('data-code')).toBe(voucher.code);
    expect(within(codeScreen).getByTestId('qr-code')).toBeTruthy();
    const use = within(codeScreen).getByTestId('use');
    expect((use as HTMLButtonElement).disabled).toBe(true);
    expect(use.getAttribute('aria-describedby')).toBe('use-offline');
    expect(within(codeScreen).getByTestId('use-offline').textContent).toBe(
      "You're offline. Marking as used needs a connection — the shop can still scan or type the code.",
    );
  });

  it('in Thai: the Thai note', async () => {
    applyLanguage('th');
    await openOnline('/th/wallet/w1', 'th');
    setOnline(false);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    renderDetail('/th/wallet/w1');
    expect((await screen.findByTestId('offline-note')).textContent).toMatch(
      /^ออฟไลน์ — อัปเดตล่าสุด \d{2}:\d{2}$/,
    );
  });

  it('never opened before: the failure as it was, no copy', async () => {
    setOnline(false);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    renderDetail();
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeTruthy();
    expect(screen.queryByTestId('offline-note')).toBeNull();
  });

  it('back online, the server answers and the note goes', async () => {
    await openOnline('/wallet/w1', 'en');
    renderDetail();
    await screen.findByTestId('wallet-voucher');
    expect(screen.queryByTestId('offline-note')).toBeNull();
    await userEvent.click(screen.getByTestId('redeem-now'));
    expect(
      (within(await screen.findByTestId('code-screen')).getByTestId('use') as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
