import { message } from 'antd';
import type { WalletVoucherDetail } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../shared/i18n/i18n.ts';
import { initialAuthState, useAuthStore, type AuthState } from '../../auth/index.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { aWalletVoucher } from '../test-data.ts';
import { groupedCode } from '../components/code-panel.tsx';
import { WalletVoucherScreen } from './wallet-voucher.tsx';
import { json } from '../../../test/responses.ts';

const fetchMock = vi.fn<typeof fetch>();
let voucher: WalletVoucherDetail | null;

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
          <Route path="/wallet" element={<p>Wallet list</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Replaces the browser's clipboard (after userEvent.setup(), which installs its own). */
function stubClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(window.navigator, 'clipboard', { value: clipboard, configurable: true });
}

beforeEach(() => {
  voucher = aWalletVoucher();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://app.test');
    if (voucher && url.pathname === `/bff/wallet/${voucher.id}`)
      return json(200, { success: true, data: voucher });
    return json(404, {
      success: false,
      code: 'wallet_voucher_not_found',
      message: ['Voucher not found'],
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  // The copy toasts live in antd's global holder with timers of their own: none may fire after the file.
  message.destroy();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  applyLanguage('en');
  useAuthStore.setState(initialAuthState);
});

describe('Wallet voucher detail', () => {
  it('a privilege redeemed with points says when it was redeemed, with no order number', async () => {
    voucher = aWalletVoucher({ kind: 'privilege', privilegeId: 'p1', voucherId: null, orderNumber: null });
    renderDetail();
    expect(await screen.findByText(/^Redeemed with points on /)).toBeTruthy();
    expect(screen.queryByText(/Order number/)).toBeNull();
  });

  it('shows the voucher, its validity and terms, and keeps the code behind Redeem Now', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Shabu Buffet, 90 Minutes' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/bff/wallet/w1');
    expect(screen.getByTestId('wallet-merchant').textContent).toBe('Sen Saep Kitchen');
    // Before Redeem Now: no code, barcode or QR on the screen, only how to get them.
    expect(screen.queryByTestId('voucher-code')).toBeNull();
    expect(screen.queryByTestId('barcode')).toBeNull();
    expect(screen.queryByTestId('qr-code')).toBeNull();
    expect(screen.queryByText('7KQ2 M9XP 4RTD WXYZ')).toBeNull();
    expect(screen.getByTestId('redeem-hint').textContent).toContain('tap “Redeem Now”');
    // One way on: Redeem Now. Marking it used is on the code screen.
    const bar = screen.getByTestId('wallet-actions');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Redeem Now']);

    expect(screen.getByTestId('validity').textContent).toBe('Valid from 01/03/2025 until 31/03/2025');
    expect(within(screen.getByTestId('terms')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Order number K7QX9M')).toBeTruthy();
    expect(screen.getByTestId('status-label').textContent).toBe('Expires in 21 days');
  });

  it('Redeem Now shows the code, a barcode with bars and a QR code of it', async () => {
    renderDetail();
    fireEvent.click(await screen.findByTestId('redeem-now'));
    const codeScreen = await screen.findByTestId('code-screen');
    expect(within(codeScreen).getByTestId('voucher-code').textContent).toBe('7KQ2 M9XP 4RTD WXYZ');
    const barcode = within(codeScreen).getByRole('img', { name: 'Barcode of the code 7KQ2M9XP4RTDWXYZ' });
    expect(barcode.tagName.toLowerCase()).toBe('svg');
    // A white background and one black rectangle per bar: a 16-character code has dozens.
    const bars = barcode.querySelectorAll('rect[fill="#000"]');
    expect(bars.length).toBeGreaterThan(40);
    expect(barcode.querySelector('canvas')).toBeNull();

    const qr = within(codeScreen).getByRole('img', { name: 'QR code of the code 7KQ2M9XP4RTDWXYZ' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A background path and one path of every dark module: the latter is long.
    const longest = Math.max(
      ...[...qr.querySelectorAll('path')].map((p) => p.getAttribute('d')?.length ?? 0),
    );
    expect(longest).toBeGreaterThan(300);
  });

  it.each([
    [
      'unlimited',
      { usageLimit: null, usedCount: 4 },
      'Unlimited use',
      'Use it as often as you like until it expires.',
    ],
    ['limited, some left', { usageLimit: 3, usedCount: 1 }, 'Can be used 3 times', '2 uses left'],
    ['limited, single use', { usageLimit: 1, usedCount: 0 }, 'Can be used 1 time', '1 use left'],
    [
      'exhausted',
      { usageLimit: 2, usedCount: 2, status: 'used' as const },
      'Fully used',
      'All 2 uses have been spent.',
    ],
  ])('usage banner: %s', async (_case, over, title, text) => {
    voucher = aWalletVoucher(over);
    renderDetail();
    const banner = await screen.findByTestId('usage-banner');
    expect(within(banner).getByText(title)).toBeTruthy();
    expect(within(banner).getByText(text)).toBeTruthy();
  });

  it('Redeem Now shows the code screen: the code to scan, the uses left and how long it stays up', async () => {
    voucher = aWalletVoucher({ usageLimit: 3, usedCount: 1 });
    renderDetail();
    fireEvent.click(await screen.findByTestId('redeem-now'));
    const codeScreen = await screen.findByTestId('code-screen');
    expect(within(codeScreen).getByTestId('voucher-code').getAttribute('data-code')).toBe(voucher.code);
    expect(within(codeScreen).getByTestId('qr-code')).toBeTruthy();
    expect(within(codeScreen).getByTestId('code-screen-uses').textContent).toBe('2 uses left');
    expect(within(codeScreen).getByTestId('code-screen-timer').textContent).toBe('Shown for 05:00 more');
    fireEvent.click(within(codeScreen).getByTestId('code-screen-close'));
    await vi.waitFor(() => expect(screen.queryByTestId('code-screen')).toBeNull());
  });

  it("Mark as used, from the code screen, says what it does, spends one use with one Idempotency-Key and shows the server's count", async () => {
    voucher = aWalletVoucher({ usageLimit: 1, usedCount: 0 });
    const calls: Request[] = [];
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://app.test');
      if (url.pathname === `/bff/wallet/${voucher!.id}/use`) {
        calls.push(new Request(url, init));
        voucher = { ...voucher!, usedCount: 1, status: 'used' };
        return json(200, { success: true, data: voucher });
      }
      return base(input, init);
    });
    renderDetail();
    fireEvent.click(await screen.findByTestId('redeem-now'));
    const codeScreen = await screen.findByTestId('code-screen');
    fireEvent.click(within(codeScreen).getByTestId('use'));
    expect((await screen.findByTestId('use-text')).textContent).toBe(
      'Do this only when the shop has accepted the code. It uses your last use and cannot be undone.',
    );
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('use-confirm'));
    const used = await screen.findByTestId('used');
    // Done: the code screen closes, the detail shows what the server counted.
    await vi.waitFor(() => expect(screen.queryByTestId('code-screen')).toBeNull());
    expect((used as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByTestId('redeem-now')).toBeNull();
  });

  it("a refused use says why in the member's words and keeps the dialog open", async () => {
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://app.test');
      if (url.pathname.endsWith('/use'))
        return json(409, { success: false, code: 'wallet_voucher_used_up', message: ['Used up'] });
      return base(input, init);
    });
    renderDetail();
    fireEvent.click(await screen.findByTestId('redeem-now'));
    fireEvent.click(await screen.findByTestId('use'));
    fireEvent.click(await screen.findByTestId('use-confirm'));
    const problem = await screen.findByTestId('use-problem');
    expect(problem.textContent).not.toBe('');
    expect(problem.textContent).not.toBe('Used up');
  });

  it('every use spent: one disabled Used, and nothing to scan', async () => {
    voucher = aWalletVoucher({ usageLimit: 1, usedCount: 1, status: 'used' });
    renderDetail();
    const bar = await screen.findByTestId('wallet-actions');
    expect((within(bar).getByRole('button', { name: 'Used' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(bar).queryByTestId('redeem-now')).toBeNull();
    expect(screen.queryByTestId('barcode')).toBeNull();
    expect(screen.queryByTestId('qr-code')).toBeNull();
    expect(
      screen.getByText('This voucher can no longer be used. Its code stays here for your records.'),
    ).toBeTruthy();
    expect(screen.getByTestId('voucher-code').textContent).toBe('7KQ2 M9XP 4RTD WXYZ');
  });

  it('expired unused: one disabled Expired', async () => {
    voucher = aWalletVoucher({ status: 'expired', daysLeft: null, usageLimit: null });
    renderDetail();
    const bar = await screen.findByTestId('wallet-actions');
    expect((within(bar).getByRole('button', { name: 'Expired' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(bar).queryByTestId('redeem-now')).toBeNull();
    expect(within(bar).queryByTestId('used')).toBeNull();
    expect(screen.queryByTestId('barcode')).toBeNull();
  });

  it('Mark as used with uses left says which one it spends; Not yet leaves the code on screen', async () => {
    voucher = aWalletVoucher({ usageLimit: 3, usedCount: 0 });
    renderDetail();
    fireEvent.click(await screen.findByTestId('redeem-now'));
    fireEvent.click(await screen.findByTestId('use'));
    expect((await screen.findByTestId('use-text')).textContent).toBe(
      'Do this only when the shop has accepted the code. It uses 1 of your 3 uses left and cannot be undone.',
    );
    fireEvent.click(screen.getByTestId('use-cancel'));
    await vi.waitFor(() => expect(screen.queryByTestId('use-text')).toBeNull());
    expect(screen.getByTestId('code-screen')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/use'))).toBe(false);
  });

  it('Copy puts the code on the clipboard and says Copied', async () => {
    renderDetail();
    fireEvent.click(await screen.findByTestId('redeem-now'));
    const button = await screen.findByTestId('copy-code');
    const writeText = vi.fn(async () => {});
    stubClipboard({ writeText });
    // The toast's code (antd's message) is imported on the first toast: the test waits for the call.
    const success = vi.spyOn(toast, 'success');
    fireEvent.click(button);
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Copied'));
    expect(writeText).toHaveBeenCalledWith('7KQ2M9XP4RTDWXYZ');
    expect(button.textContent).toBe('Copied');
  });

  it("a refused clipboard, or none at all, says 'Failed to copy code'", async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('redeem-now'));
    const button = await screen.findByTestId('copy-code');
    stubClipboard({
      writeText: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
    });
    const error = vi.spyOn(toast, 'error');
    await user.click(button);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Failed to copy code'));
    expect(button.textContent).toBe('Copy');

    stubClipboard(undefined);
    await user.click(button);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2));
  });

  it("someone else's or an unknown voucher: 'Voucher not found' and the way back to the wallet", async () => {
    voucher = null;
    const user = userEvent.setup();
    renderDetail('/wallet/not-mine');
    const state = await screen.findByTestId('wallet-voucher-not-found');
    expect(within(state).getByRole('heading', { level: 1 }).textContent).toBe('Voucher not found');
    await user.click(within(state).getByTestId('back-to-wallet'));
    expect(await screen.findByText('Wallet list')).toBeTruthy();
  });

  it('another failure shows the error with Retry, not "not found"', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(500, { success: false, code: 'internal_error', message: ['Error occurred'] }),
    );
    const user = userEvent.setup();
    renderDetail();
    // By its test id: toasts of earlier tests stay in antd's global holder, and they are alerts too.
    const retry = await screen.findByTestId('retry');
    expect(screen.getByText('Error occurred')).toBeTruthy();
    expect(screen.queryByTestId('wallet-voucher-not-found')).toBeNull();
    await user.click(retry);
    expect(await screen.findByTestId('redeem-now')).toBeTruthy();
  });

  it('in Thai: Thai texts and Buddhist-era dates', async () => {
    applyLanguage('th');
    voucher = aWalletVoucher({ usageLimit: 3, usedCount: 1 });
    renderDetail('/th/wallet/w1');
    expect(await screen.findByTestId('validity')).toBeTruthy();
    expect(screen.getByTestId('validity').textContent).toBe('ใช้ได้ตั้งแต่ 01/03/2568 ถึง 31/03/2568');
    expect(within(screen.getByTestId('usage-banner')).getByText('เหลืออีก 2 ครั้ง')).toBeTruthy();
    // Two actions, two different Thai phrases: show the code at the shop; confirm it was used.
    fireEvent.click(screen.getByRole('button', { name: 'แสดงรหัสที่ร้าน' }));
    const codeScreen = await screen.findByTestId('code-screen');
    expect(within(codeScreen).getByRole('img', { name: 'บาร์โค้ดของรหัส 7KQ2M9XP4RTDWXYZ' })).toBeTruthy();
    fireEvent.click(within(codeScreen).getByRole('button', { name: 'ยืนยันว่าใช้แล้ว' }));
    expect((await screen.findByTestId('use-text')).textContent).toBe(
      'กดยืนยันเมื่อร้านรับรหัสแล้วเท่านั้น ระบบจะหักการใช้ 1 ครั้งจากที่เหลือ 2 ครั้ง และยกเลิกไม่ได้',
    );
  });

  it('a long code reads in groups of four; a code with its own separators stays as it is', () => {
    expect(groupedCode('7KQ2M9XP4RTDWXYZ')).toBe('7KQ2 M9XP 4RTD WXYZ');
    expect(groupedCode('7KQ2M9XP4')).toBe('7KQ2 M9XP 4');
    expect(groupedCode('AB12CD34')).toBe('AB12CD34');
    expect(groupedCode('WV-2025-0042')).toBe('WV-2025-0042');
  });
});
