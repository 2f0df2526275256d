import '../texts.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthState } from '../../auth/index.ts';
import { useNotificationPreference } from '../lib/preference.ts';
import { aNotification } from '../test-data.ts';
import { NotificationsScreen } from './notifications.tsx';
import { json, ok } from '../../../test/responses.ts';

const fail = () => json(404, { success: false, code: 'notification_not_found', message: ['Not found'] });

const A = aNotification({ _id: 'a', title: 'Points earned' });
const B = aNotification({ _id: 'b', title: 'Payment successful' });
const C = aNotification({ _id: 'c', title: 'Tier up', isRead: true });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ isLoggedIn: true, info: { id: 'me' } as AuthState['info'] });
  useNotificationPreference.setState({ notiEnabled: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ isLoggedIn: false, info: null });
});

const renderScreen = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/notifications']}>
        <NotificationsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
const LIST = 'GET /bff/userTier/notifications';
// antd plays a closing animation the test window never finishes: the screen says whether it is open.
const screenData = () => screen.getByTestId('notifications-screen').dataset;
const unreadFlags = () => screen.getAllByTestId('notification-item').map((i) => i.dataset.unread);

describe('NotificationsScreen', () => {
  it("loads the list on open under 'Latest Notifications', each with its time and action label", async () => {
    fetchMock.mockResolvedValue(ok([A, C]));
    renderScreen();
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    const items = await screen.findAllByTestId('notification-item');
    expect(screen.getByRole('heading', { name: 'Latest Notifications' })).toBeTruthy();
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('notification-time').textContent).toBe('5 minutes ago');
    expect(items[0]!.textContent).toContain('View details');
    expect(unreadFlags()).toEqual(['true', 'false']);
    expect(calls()).toEqual([LIST]);
  });

  it('shows the empty state when the list is empty', async () => {
    fetchMock.mockResolvedValue(ok([]));
    renderScreen();
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No notifications yet');
  });

  it('opening the detail marks it read at once, then on the server, then reloads the list', async () => {
    let answer!: (r: Response) => void;
    fetchMock
      .mockResolvedValueOnce(ok([A, C]))
      .mockImplementationOnce(() => new Promise((r) => (answer = r)))
      .mockResolvedValueOnce(ok([{ ...A, isRead: true }, C]));
    const user = userEvent.setup();
    renderScreen();
    await user.click((await screen.findAllByTestId('notification-item'))[0]!);
    expect((await screen.findByTestId('notification-detail')).textContent).toContain(A.description);
    // Read here while the PATCH is still out.
    expect(unreadFlags()).toEqual(['false', 'false']);
    expect(calls()).toEqual([LIST, 'PATCH /bff/userTier/notifications/read/a']);
    expect(fetchMock.mock.calls[1]![1]?.body).toBe('{}');
    answer(ok({ ...A, isRead: true }));
    await waitFor(() => expect(calls()).toEqual([LIST, 'PATCH /bff/userTier/notifications/read/a', LIST]));
    expect(screen.getByTestId('notifications-screen').dataset.markError).toBeUndefined();
  });

  it('read all sends one call per unread item, and with one failing still reloads and closes', async () => {
    fetchMock.mockImplementation((url, init) => {
      const u = String(url);
      if (init?.method === 'PATCH')
        return Promise.resolve(u.endsWith('/a') ? fail() : ok({ ...B, isRead: true }));
      return Promise.resolve(ok(calls().length > 1 ? [A, { ...B, isRead: true }, C] : [A, B, C]));
    });
    const user = userEvent.setup();
    renderScreen();
    await screen.findAllByTestId('notification-item');
    await user.click(screen.getByTestId('read-all'));
    // The dialog comes in the task after the tap's frame (its code may still be on the way).
    await waitFor(() => expect(screenData().readAllOpen).toBe('true'));
    expect((await screen.findByTestId('read-all-text')).textContent).toBe(
      '2 unread notifications will be marked as read.',
    );
    await user.click(screen.getByTestId('read-all-confirm'));
    await waitFor(() => expect(screenData().readAllOpen).toBeUndefined());
    expect(
      calls()
        .filter((c) => c.startsWith('PATCH'))
        .sort(),
    ).toEqual(['PATCH /bff/userTier/notifications/read/a', 'PATCH /bff/userTier/notifications/read/b']);
    expect(calls().at(-1)).toBe(LIST);
    // The reloaded list tells the truth: the failed one is unread again. No message is shown.
    await waitFor(() => expect(unreadFlags()).toEqual(['true', 'false', 'false']));
    expect(screen.getByTestId('notifications-screen').dataset.markError).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('read all with nothing unread only closes the dialog', async () => {
    fetchMock.mockResolvedValue(ok([C]));
    const user = userEvent.setup();
    renderScreen();
    await screen.findAllByTestId('notification-item');
    await user.click(screen.getByTestId('read-all'));
    await user.click(await screen.findByTestId('read-all-ok'));
    await waitFor(() => expect(screenData().readAllOpen).toBeUndefined());
    expect(calls()).toEqual([LIST]);
  });

  it('a list that fails to load is exposed as listError with no message', async () => {
    fetchMock.mockResolvedValue(json(500, { success: false, code: 'internal', message: ['Boom'] }));
    renderScreen();
    await waitFor(() => expect(screen.getByTestId('notifications-screen').dataset.listError).toBe('true'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('notifications-screen').textContent).not.toContain('Boom');
  });

  /** The list answers an empty list; the preferences call answers `prefs` (or fails with 503). */
  const serve = (prefs: { notificationsEnabled: boolean; language: 'en' | 'th' } | null) =>
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        String(url).includes('/bff/member/preferences')
          ? prefs
            ? ok(prefs)
            : json(503, { success: false, code: 'service_unavailable', message: ['Down'] })
          : ok([]),
      ),
    );
  const bodies = () =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).includes('/bff/member/preferences'))
      .map(([, init]) => `${init?.method} ${String(init?.body)}`);

  it('the banner turns notifications back on, kept on the server and cached on this device', async () => {
    useNotificationPreference.getState().setNotiEnabled(false);
    serve({ notificationsEnabled: true, language: 'en' });
    const user = userEvent.setup();
    renderScreen();
    expect(window.localStorage.getItem('privileges.notification-enabled')).toBe('false');
    await user.click(screen.getByTestId('enable-notifications'));
    await waitFor(() => expect(useNotificationPreference.getState().notiEnabled).toBe(true));
    expect(bodies()).toEqual(['PATCH {"notificationsEnabled":true}']);
    expect(window.localStorage.getItem('privileges.notification-enabled')).toBe('true');
    expect(screen.queryByTestId('enable-banner')).toBeNull();
    expect(screen.queryByTestId('notifications-save-failed')).toBeNull();
  });

  it('the switch turns them off on the server too', async () => {
    serve({ notificationsEnabled: false, language: 'en' });
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByTestId('notifications-switch'));
    await waitFor(() => expect(useNotificationPreference.getState().notiEnabled).toBe(false));
    expect(bodies()).toEqual(['PATCH {"notificationsEnabled":false}']);
    expect(await screen.findByTestId('enable-banner')).toBeTruthy();
  });

  it('a choice the server could not keep changes nothing and says so', async () => {
    useNotificationPreference.getState().setNotiEnabled(false);
    serve(null);
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByTestId('enable-notifications'));
    expect((await screen.findByTestId('notifications-save-failed')).textContent).toContain(
      "Your choice couldn't be saved",
    );
    expect(useNotificationPreference.getState().notiEnabled).toBe(false);
    expect(window.localStorage.getItem('privileges.notification-enabled')).toBe('false');
    expect(screen.getByTestId('enable-banner')).toBeTruthy();
  });
});
