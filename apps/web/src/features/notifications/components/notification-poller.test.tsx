import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthState } from '../../auth/index.ts';
import { NOTIFICATION_POLL_MS } from '../hooks/use-notification-poll.ts';
import { DISPLAYED_IDS_KEY } from '../lib/displayed-ids.ts';
import { useNotificationPreference } from '../lib/preference.ts';
import { aNotification } from '../test-data.ts';
import { NotificationPoller } from './notification-poller.tsx';
import { ok } from '../../../test/responses.ts';

const shown = vi.hoisted(() => vi.fn());
vi.mock('./notification-toast.tsx', () => ({ showNotificationToast: shown }));

const fetchMock = vi.fn<typeof fetch>();
let serverPreferences = { notificationsEnabled: true, language: 'en' };
beforeEach(() => {
  serverPreferences = { notificationsEnabled: true, language: 'en' };
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchMock.mockReset();
  shown.mockReset();
  fetchMock.mockImplementation((url) =>
    Promise.resolve(
      String(url).includes('/bff/member/preferences')
        ? ok(serverPreferences)
        : ok([aNotification({ _id: 'n1' })]),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ isLoggedIn: true, info: { id: 'me' } as AuthState['info'] });
  useNotificationPreference.setState({ notiEnabled: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAuthStore.setState({ isLoggedIn: false, info: null });
});

/** A fresh app: a new query cache, as after a page reload (local storage stays). */
const startApp = (path = '/home') => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <NotificationPoller />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};
const polls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/bff/userTier/notifications')).length;
const waitPoll = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
  });

describe('NotificationPoller', () => {
  it('toasts the newest unread notification once, and not again after a reload', async () => {
    const first = startApp();
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    expect(shown.mock.calls[0]![0]).toMatchObject({ _id: 'n1' });
    expect(JSON.parse(window.localStorage.getItem(DISPLAYED_IDS_KEY)!)).toEqual(['n1']);
    await waitPoll();
    expect(polls()).toBe(2);
    first.unmount();

    startApp();
    await vi.waitFor(() => expect(polls()).toBe(3));
    await waitPoll();
    expect(shown).toHaveBeenCalledTimes(1);

    // A newer one arrives: that one toasts.
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        ok([aNotification({ _id: 'n2', createdAt: new Date().toISOString() }), aNotification({ _id: 'n1' })]),
      ),
    );
    await waitPoll();
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(2));
    expect(shown.mock.calls[1]![0]).toMatchObject({ _id: 'n2' });
  });

  it('on the notifications screen the list shows it: remembered, not toasted', async () => {
    startApp('/th/notifications');
    await vi.waitFor(() => expect(window.localStorage.getItem(DISPLAYED_IDS_KEY)).toBe('["n1"]'));
    expect(shown).not.toHaveBeenCalled();
  });

  it('polls every 30 s and stops when notifications are turned off', async () => {
    startApp();
    await vi.waitFor(() => expect(polls()).toBe(1));
    await waitPoll();
    expect(polls()).toBe(2);
    act(() => useNotificationPreference.getState().setNotiEnabled(false));
    await waitPoll();
    await waitPoll();
    expect(polls()).toBe(2);
  });

  it('stops polling at logout, and does not poll for a visitor', async () => {
    startApp();
    await vi.waitFor(() => expect(polls()).toBe(1));
    act(() => useAuthStore.setState({ isLoggedIn: false, info: null }));
    await waitPoll();
    await waitPoll();
    expect(polls()).toBe(1);
  });

  it('only logs a failed poll', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    startApp();
    await vi.waitFor(() =>
      expect(warn.mock.calls.some(([m]) => String(m).includes('poll failed'))).toBe(true),
    );
    expect(shown).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a signed-in device takes the member’s choice kept on the server (off on another device)', async () => {
    serverPreferences = { notificationsEnabled: false, language: 'en' };
    startApp();
    await vi.waitFor(() => expect(useNotificationPreference.getState().notiEnabled).toBe(false));
    expect(window.localStorage.getItem('privileges.notification-enabled')).toBe('false');
    const polled = polls();
    await waitPoll();
    expect(polls()).toBe(polled);
  });

  it('a visitor’s device asks the server nothing', async () => {
    useAuthStore.setState({ isLoggedIn: false, info: null });
    startApp();
    await waitPoll();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
