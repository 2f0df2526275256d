import { describe, expect, it } from 'vitest';
import {
  isProtectedPath,
  localizePath,
  privilegePath,
  safeRedirectTarget,
  signinPath,
  splitLocale,
  storePath,
  voucherPath,
  withQuery,
} from './paths.ts';

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

  it('keeps the catalogue public and builds its item paths', () => {
    for (const p of ['/vouchers', '/vouchers/abc', '/privileges', '/privileges/abc', '/stores/m1'])
      expect(isProtectedPath(p)).toBe(false);
    expect(voucherPath('a b')).toBe('/vouchers/a%20b');
    expect(privilegePath('p1')).toBe('/privileges/p1');
    expect(storePath('m1')).toBe('/stores/m1');
    expect(withQuery('/vouchers', { category: 'cafe', q: undefined, minPrice: 0, maxPrice: '' })).toBe(
      '/vouchers?category=cafe&minPrice=0',
    );
    expect(withQuery('/vouchers', {})).toBe('/vouchers');
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
