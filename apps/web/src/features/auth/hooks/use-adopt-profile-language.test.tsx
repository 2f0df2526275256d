import { act, renderHook } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../shared/i18n/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '../../../shared/i18n/language-preference.ts';
import { useAdoptProfileLanguage } from './use-adopt-profile-language.ts';

const setup = (url: string) => {
  // Testing Library's Preact binding types a wrapper's children as Preact's; here they are React's.
  const wrapper = ({ children }: { children?: unknown }) => (
    <MemoryRouter initialEntries={[url]}>{children as ReactNode}</MemoryRouter>
  );
  return renderHook(() => ({ adopt: useAdoptProfileLanguage(), location: useLocation() }), { wrapper });
};

afterEach(() => applyLanguage('en'));

describe('after sign-in, the profile language', () => {
  it('is adopted on a device with no saved choice: Thai sign-in page, same redirect, remembered', async () => {
    const { result } = setup('/signin?redirect=%2Fwallet');
    await act(() => result.current.adopt('th'));
    expect(result.current.location.pathname).toBe('/th/signin');
    expect(result.current.location.search).toBe('?redirect=%2Fwallet');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('th');
  });

  it('does not override a choice this device saved', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const { result } = setup('/signin');
    await act(() => result.current.adopt('th'));
    expect(result.current.location.pathname).toBe('/signin');
  });

  it('changes nothing when the page is already in that language', async () => {
    const { result } = setup('/signin');
    await act(() => result.current.adopt('en'));
    expect(result.current.location.pathname).toBe('/signin');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});
