import { describe, expect, it } from 'vitest';
import { isProtectedPath, localizePath, safeRedirectTarget, signinPath, splitLocale } from './paths.ts';

describe('paths', () => {
  it('splits and adds the Thai prefix', () => {
    expect(splitLocale('/th/profile/edit')).toEqual({ lang: 'th', path: '/profile/edit' });
    expect(splitLocale('/th')).toEqual({ lang: 'th', path: '/' });
    expect(splitLocale('/thing')).toEqual({ lang: 'en', path: '/thing' });
    expect(splitLocale('/home')).toEqual({ lang: 'en', path: '/home' });
    expect(localizePath('/home', 'th')).toBe('/th/home');
    expect(localizePath('/home', 'en')).toBe('/home');
    expect(localizePath('/', 'th')).toBe('/th');
  });

  it('knows the protected paths and everything below them', () => {
    for (const p of [
      '/wallet',
      '/wallet/42',
      '/checkout',
      '/cart',
      '/profile',
      '/profile/edit',
      '/profile/history',
    ]) {
      expect(isProtectedPath(p)).toBe(true);
    }
    for (const p of ['/privileges/history', '/notifications', '/notifications/1'])
      expect(isProtectedPath(p)).toBe(true);
    for (const p of ['/', '/home', '/signin', '/privileges', '/walletx'])
      expect(isProtectedPath(p)).toBe(false);
  });

  it('builds the sign-in path with an encoded redirect', () => {
    expect(signinPath('en', '/wallet')).toBe('/signin?redirect=%2Fwallet');
    expect(signinPath('th', '/cart?x=1')).toBe('/th/signin?redirect=%2Fcart%3Fx%3D1');
    expect(signinPath('en')).toBe('/signin');
  });

  it.each([
    ['/wallet', '/wallet'],
    ['/th/wallet', '/wallet'],
    ['/cart?x=1#top', '/cart?x=1#top'],
    ['//evil.example/x', null],
    ['https://evil.example/', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['wallet', null],
    ['', null],
    [null, null],
    ['/signin', null],
    ['/th/signin?redirect=/wallet', null],
  ])('redirect target %s → %s', (raw, expected) => {
    expect(safeRedirectTarget(raw)).toBe(expected);
  });
});
