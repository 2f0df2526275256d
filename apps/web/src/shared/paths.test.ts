import { describe, expect, it } from 'vitest';
import {
  isProtectedPath,
  localizePath,
  privilegePath,
  routedPath,
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
    ['/th//evil.example/wallet', null],
    ['/TH//evil.example', null],
    ['/th/th//evil.example', null],
    ['/th/th/wallet', '/wallet'],
    ['/th', '/'],
    ['/%2F%2Fevil.example', null],
    ['/th/%2Fevil.example', null],
    ['/%252F%252Fevil.example', null],
    ['/%5Cevil.example', null],
    ['/th/\\evil.example', null],
    ['/\t/evil.example', null],
    ['/\n/evil.example', null],
    ['/%09/evil.example', null],
    [' //evil.example', null],
    ['/\u0000/evil.example', null],
    ['/\u200b/evil.example', null],
    ['/\u3000/evil.example', null],
    ['/a/../..//evil.example', null],
    ['/%2e%2e/%2e%2e//evil.example', null],
    ['/./wallet', null],
    ['/wallet%E0', null],
    ['/SIGNIN/', null],
    ['/th/%73ignin', null],
    ['/vouchers/%E0%B8%8A', '/vouchers/%E0%B8%8A'],
    ['/vouchers?q=%E0%B8%8A&orderBy=price#list', '/vouchers?q=%E0%B8%8A&orderBy=price#list'],
    ['/vouchers?next=//evil.example', '/vouchers?next=//evil.example'],
    ['/wallet/', '/wallet/'],
  ])('redirect target %j → %s', (raw, expected) => {
    expect(safeRedirectTarget(raw)).toBe(expected);
  });

  it('never yields anything but a path on this origin, whatever the disguise', () => {
    const hosts = ['evil.example', '@evil.example', 'evil.example:443'];
    const leads = ['', '/th', '/th/th', '/TH', '/Th/th'];
    const seps = [
      '//',
      '/\\',
      '/%2F',
      '/%252F',
      '/%5C',
      '/\t/',
      '/%09/',
      '/./',
      '/../',
      '/%2e%2e/',
      '/\u00a0/',
    ];
    for (const lead of leads)
      for (const sep of seps)
        for (const host of hosts)
          for (const scheme of ['', 'https:', 'javascript:']) {
            const raw = `${lead}${scheme ? `/${scheme}` : ''}${sep}${host}/wallet`;
            const target = safeRedirectTarget(raw);
            if (target === null) continue;
            expect(target, raw).toMatch(/^\/(?![/\\])/);
            expect(new URL(target, 'https://app.test').origin, raw).toBe('https://app.test');
            // What the router is then given, once the prefix of the page's language goes back on.
            for (const lang of ['en', 'th'] as const) {
              const to = localizePath(target, lang);
              expect(new URL(to, 'https://app.test').origin, raw).toBe('https://app.test');
              expect(to, raw).not.toMatch(/^\/\//);
            }
          }
  });

  it('reads a path the way the router matches it', () => {
    expect(routedPath('/WALLET')).toBe('/wallet');
    expect(routedPath('/%77allet/')).toBe('/wallet');
    expect(routedPath('/th/Profile/Edit//')).toBe('/th/profile/edit');
    expect(routedPath('/a%2Fb')).toBe('/a%2fb');
    expect(routedPath('/wallet%E0')).toBe('/wallet%e0');
    expect(routedPath('/')).toBe('/');
    expect(routedPath('')).toBe('/');
  });
});
