import { act, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../shared/i18n/i18n.ts';
import { aNotification } from '../test-data.ts';
import { showNotificationToast } from './notification-toast.tsx';

const navigated = vi.hoisted(() => vi.fn());
vi.mock('../../../shared/navigation.ts', () => ({ navigateTo: navigated }));

afterEach(async () => {
  await i18next.changeLanguage('en');
  navigated.mockReset();
});

describe('a notification toast', () => {
  it('closes from a 44 px cross named in the member’s language, without opening the Inbox', async () => {
    await i18next.changeLanguage('th');
    act(() =>
      showNotificationToast(aNotification({ _id: 'toast-1', title: 'ชำระเงินแล้ว' }), '/th/notifications'),
    );
    const close = await screen.findByRole('button', { name: 'ปิดการแจ้งเตือน' });
    expect(close.className).toMatch(/toastClose/);
    await userEvent.click(close);
    // Leaving: the library's exit animation starts (the DOM here never ends an animation).
    const toast = screen.getByText('ชำระเงินแล้ว').closest('.Toastify__toast');
    await waitFor(() => expect(toast?.className).toMatch(/exit/));
    expect(navigated).not.toHaveBeenCalled();
  });

  it('opens the Inbox when the toast itself is tapped', async () => {
    act(() => showNotificationToast(aNotification({ _id: 'toast-2', title: 'Paid' }), '/notifications'));
    await userEvent.click(await screen.findByText('Paid'));
    expect(navigated).toHaveBeenCalledWith('/notifications');
  });
});
