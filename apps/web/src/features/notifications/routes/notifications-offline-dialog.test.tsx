import '../texts.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthState } from '../../auth/index.ts';
import { useNotificationPreference } from '../lib/preference.ts';
import { aNotification } from '../test-data.ts';
import { NotificationsScreen } from './notifications.tsx';
import { ok } from '../../../test/responses.ts';

// The dialogs' code cannot be downloaded (no signal since the list loaded).
vi.mock('../components/notification-dialogs.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const A = aNotification({ _id: 'a', title: 'Points earned' });
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ isLoggedIn: true, info: { id: 'me' } as AuthState['info'] });
  useNotificationPreference.setState({ notiEnabled: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ isLoggedIn: false, info: null });
});

describe('NotificationsScreen when a dialog cannot load', () => {
  it('says so beside the list, which stays, and still marks the tapped one read', async () => {
    fetchMock.mockResolvedValue(ok([A]));
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/notifications']}>
          <NotificationsScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click((await screen.findAllByTestId('notification-item'))[0]!);
    expect((await screen.findByTestId('notifications-dialog-failed')).textContent).toBe(
      'This could not open. Check your connection and try again.',
    );
    expect(screen.getAllByTestId('notification-item')).toHaveLength(1);
    expect(screen.queryByTestId('notification-detail')).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'PATCH' && String(url).endsWith('/read/a')),
    ).toBe(true);
  });
});
