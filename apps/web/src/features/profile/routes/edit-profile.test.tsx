import type { MemberInfo } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../shared/navigation.ts';
import { initialAuthState, useAuthStore } from '../../auth/index.ts';
import { EditProfileScreen } from './edit-profile.tsx';
import { ok } from '../../../test/responses.ts';

const newMember: MemberInfo = {
  id: 'm1',
  email: 'malee@example.com',
  firstName: null,
  lastName: null,
  phoneCode: null,
  phoneNumber: null,
  dateOfBirth: null,
  avatarUrl: null,
  language: 'en',
  profileStatus: 'incomplete',
};

const fetchMock = vi.fn<typeof fetch>();

function renderScreen(info: MemberInfo | null) {
  useAuthStore.setState({
    ...initialAuthState,
    isInitialed: true,
    isLoggedIn: true,
    info,
    profileStatus: 'incomplete',
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile/edit']}>
        <EditProfileScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input).includes('phoneCodes')
      ? ok([{ country: 'TH', dialCode: '+66', nameEn: 'Thailand', nameTh: 'ไทย' }])
      : ok(null),
  );
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(vi.fn());
});

afterEach(() => vi.unstubAllGlobals());

describe('Edit profile', () => {
  it('an empty Save shows each field message and the list of what is missing', async () => {
    const user = userEvent.setup();
    renderScreen(newMember);
    await user.click(screen.getByTestId('profile-save'));
    // Under Preact the messages may land in more than one render: each is waited for.
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(await screen.findByText('Last name is required')).toBeTruthy();
    expect(await screen.findByText('Date of birth is required')).toBeTruthy();
    expect(await screen.findByText('Phone number is required')).toBeTruthy();
    expect(
      await screen.findByText(
        'Please fill in all required information: First name, Last name, Date of birth, Phone number',
      ),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/users/update'))).toBe(false);
  });

  it('checks the e-mail format and the 9-10 digit phone number', async () => {
    const user = userEvent.setup();
    renderScreen(newMember);
    await user.clear(screen.getByTestId('profile-email'));
    await user.type(screen.getByTestId('profile-email'), 'not-an-email');
    await user.type(screen.getByTestId('profile-phone-number'), '12345');
    await user.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number (9-10 digits)')).toBeTruthy();
  });

  it('an empty e-mail is required', async () => {
    const user = userEvent.setup();
    renderScreen(newMember);
    await user.clear(screen.getByTestId('profile-email'));
    await user.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Email is required')).toBeTruthy();
  });

  it('says "User ID not found." when there is no member id', async () => {
    const user = userEvent.setup();
    renderScreen({
      ...newMember,
      id: '',
      firstName: 'Malee',
      lastName: 'Suksan',
      dateOfBirth: '1995-01-01',
      phoneCode: '+66',
      phoneNumber: '0812345678',
    });
    await user.click(screen.getByTestId('profile-save'));
    const message = await screen.findByText('User ID not found.');
    expect(within(message.closest('.ant-alert') as HTMLElement).getByText('User ID not found.')).toBeTruthy();
  });

  it('saves the filled form with the wire shapes of the contract', async () => {
    const user = userEvent.setup();
    const saved: MemberInfo = {
      ...newMember,
      firstName: 'Malee',
      lastName: 'Suksan',
      dateOfBirth: '1995-01-01',
      phoneCode: '+66',
      phoneNumber: '0812345678',
      profileStatus: 'complete',
    };
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('phoneCodes')
        ? ok([{ country: 'TH', dialCode: '+66', nameEn: 'Thailand', nameTh: 'ไทย' }])
        : ok(saved),
    );
    renderScreen({ ...saved, profileStatus: 'incomplete', phoneNumber: null, firstName: null });
    await user.type(screen.getByTestId('profile-first-name'), 'Malee');
    await user.type(screen.getByTestId('profile-phone-number'), '081-234-5678');
    await user.click(screen.getByTestId('profile-save'));
    await vi.waitFor(() => expect(useAuthStore.getState().profileHasCreated).toBe('alreadyProfile'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/users/update'));
    expect(call?.[1]?.method).toBe('PATCH');
    // The e-mail is unchanged, so it is not sent: an address changes only through its code.
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      firstName: 'Malee',
      lastName: 'Suksan',
      dateOfBirth: '1995-01-01',
      phoneCode: '+66',
      phoneNumber: '0812345678',
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/users/email'))).toBe(false);
  });

  it('a new e-mail is confirmed with the code sent to it before the rest is saved', async () => {
    const user = userEvent.setup();
    const complete: MemberInfo = {
      ...newMember,
      firstName: 'Malee',
      lastName: 'Suksan',
      dateOfBirth: '1995-01-01',
      phoneCode: '+66',
      phoneNumber: '0812345678',
      profileStatus: 'complete',
    };
    const moved = { ...complete, email: 'malee.new@example.com' };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('phoneCodes'))
        return ok([{ country: 'TH', dialCode: '+66', nameEn: 'Thailand', nameTh: 'ไทย' }]);
      if (url.includes('/auth/users/email/send-otp'))
        return ok({ resendAfterSeconds: 60, expiresInSeconds: 300 });
      return ok(moved);
    });
    renderScreen(complete);
    const email = screen.getByTestId('profile-email');
    await user.clear(email);
    await user.type(email, 'Malee.New@example.com');
    expect(await screen.findByText('We will send a code to the new address to confirm it.')).toBeTruthy();
    await user.click(screen.getByTestId('profile-save'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/malee\.new@example\.com/)).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/users/email/send-otp'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ email: 'malee.new@example.com' });
    // Nothing is saved until the code is confirmed.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/users/update'))).toBe(false);

    await user.click(within(dialog).getByTestId('email-change-confirm'));
    expect(await within(dialog).findByText('Please enter all 6 digits.')).toBeTruthy();
    await user.type(within(dialog).getAllByRole('textbox')[0] as HTMLElement, '123456');
    await user.click(within(dialog).getByTestId('email-change-confirm'));

    await vi.waitFor(() => expect(useAuthStore.getState().info?.email).toBe('malee.new@example.com'));
    const verify = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/users/email/verify'));
    expect(JSON.parse(String(verify?.[1]?.body))).toEqual({ email: 'malee.new@example.com', otp: '123456' });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/users/update'))).toBe(true),
    );
    const update = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/users/update'));
    expect(JSON.parse(String(update?.[1]?.body))).not.toHaveProperty('email');
  });
});
