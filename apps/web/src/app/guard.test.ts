import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardDecision, type GuardState } from './guard.ts';

const visitor: GuardState = {
  isInitialed: true,
  isLoggedIn: false,
  isLoggingOut: false,
  isSettingProfile: false,
  profileStatus: 'unknown',
  profileHasCreated: 'unknown',
  hasStoredSession: false,
};
const complete: GuardState = { ...visitor, isLoggedIn: true, profileStatus: 'complete' };
const incomplete: GuardState = { ...visitor, isLoggedIn: true, profileStatus: 'incomplete' };

const render: GuardDecision = { kind: 'render' };
const loading: GuardDecision = { kind: 'loading' };
const hold: GuardDecision = { kind: 'hold' };
const restoring: GuardState = { ...visitor, isInitialed: false, hasStoredSession: true };
/** Initialised with the tokens kept: the refresh could not reach the server. */
const unconfirmed: GuardState = { ...visitor, hasStoredSession: true };
const to = (path: string): GuardDecision => ({ kind: 'redirect', to: path });

const at = (url: string) => {
  const u = new URL(url, 'https://app.test');
  return { pathname: u.pathname, search: u.search };
};

type Case = [rule: string, state: GuardState, url: string, expected: GuardDecision];

const cases: Case[] = [
  // Full-screen loader while auth initialises and while a logout is on its way to /signin.
  ['initialising: loader', { ...visitor, isInitialed: false }, '/home', loading],
  ['initialising: loader on protected', { ...visitor, isInitialed: false }, '/wallet', loading],
  ['initialising: loader on /', { ...complete, isInitialed: false }, '/', loading],
  ['logging out: loader', { ...visitor, isLoggingOut: true }, '/profile', loading],
  ['logging out: plain /signin once there', { ...visitor, isLoggingOut: true }, '/signin', render],
  ['logging out: plain /th/signin once there', { ...visitor, isLoggingOut: true }, '/th/signin', render],

  // A stored session being restored: the member's layout with the screen's outline, on any screen.
  ['restoring: hold on /home', restoring, '/home', hold],
  ['restoring: hold on protected', restoring, '/th/wallet', hold],
  ['restoring: hold on /signin', restoring, '/signin', hold],
  ['restoring: hold on /', restoring, '/', hold],
  // The refresh could not reach the server and kept the tokens: the member's screens, no sign-in.
  ['unconfirmed: protected renders', unconfirmed, '/wallet', render],
  ['unconfirmed: /signin → /home', unconfirmed, '/th/signin', to('/th/home')],
  ['unconfirmed: no profile redirect (status unknown)', unconfirmed, '/profile', render],
  ['unconfirmed but logging out: loader', { ...unconfirmed, isLoggingOut: true }, '/wallet', loading],

  // / goes to /home.
  ['/ → /home (visitor)', visitor, '/', to('/home')],
  ['/th → /th/home', visitor, '/th', to('/th/home')],
  ['/th/ → /th/home', visitor, '/th/', to('/th/home')],
  ['/ → /home (member)', complete, '/', to('/home')],
  ['/ → /profile/edit when the profile is incomplete', incomplete, '/', to('/profile/edit')],

  // Unauthenticated on protected paths → /signin with redirect.
  ['visitor /wallet', visitor, '/wallet', to('/signin?redirect=%2Fwallet')],
  ['visitor /checkout', visitor, '/checkout', to('/signin?redirect=%2Fcheckout')],
  ['visitor /profile', visitor, '/profile', to('/signin?redirect=%2Fprofile')],
  ['visitor /profile/edit', visitor, '/profile/edit', to('/signin?redirect=%2Fprofile%2Fedit')],
  ['visitor /profile/history', visitor, '/profile/history', to('/signin?redirect=%2Fprofile%2Fhistory')],
  ['visitor /cart', visitor, '/cart', to('/signin?redirect=%2Fcart')],
  [
    'visitor /privileges/history',
    visitor,
    '/privileges/history',
    to('/signin?redirect=%2Fprivileges%2Fhistory'),
  ],
  ['visitor /notifications', visitor, '/notifications', to('/signin?redirect=%2Fnotifications')],
  ['visitor below a protected path', visitor, '/wallet/123', to('/signin?redirect=%2Fwallet%2F123')],
  [
    'visitor keeps the query in the redirect',
    visitor,
    '/cart?step=2',
    to('/signin?redirect=%2Fcart%3Fstep%3D2'),
  ],
  ['visitor in Thai keeps /th on sign-in', visitor, '/th/wallet', to('/th/signin?redirect=%2Fwallet')],

  // Public paths render for visitors.
  ['visitor /home', visitor, '/home', render],
  ['visitor /th/home', visitor, '/th/home', render],
  ['visitor /signin', visitor, '/signin', render],
  ['visitor /signin with redirect', visitor, '/signin?redirect=%2Fwallet', render],
  ['visitor unknown path (not found screen)', visitor, '/nowhere', render],

  // Logged-in on /signin → redirect target, else /home; never an open redirect.
  ['member /signin → /home', complete, '/signin', to('/home')],
  ['member /th/signin → /th/home', complete, '/th/signin', to('/th/home')],
  ['member /signin?redirect=/wallet → /wallet', complete, '/signin?redirect=%2Fwallet', to('/wallet')],
  ['member keeps the target query', complete, '/signin?redirect=%2Fcart%3Fstep%3D2', to('/cart?step=2')],
  ['member in Thai → Thai target', complete, '/th/signin?redirect=%2Fwallet', to('/th/wallet')],
  ['unencoded redirect also works', complete, '/signin?redirect=/profile', to('/profile')],
  ['absolute URL is refused', complete, '/signin?redirect=https%3A%2F%2Fevil.example', to('/home')],
  ['protocol-relative URL is refused', complete, '/signin?redirect=%2F%2Fevil.example', to('/home')],
  ['backslash trick is refused', complete, '/signin?redirect=%2F%5Cevil.example', to('/home')],
  ['javascript: is refused', complete, '/signin?redirect=javascript%3Aalert(1)', to('/home')],
  ['redirect back to /signin is refused', complete, '/signin?redirect=%2Fsignin', to('/home')],
  // The target is checked as the browser and the router finally read it: after the locale prefix is
  // stripped, after percent-decoding, whatever the case; anything but a path of this app goes home.
  ['locale prefix hiding //host', complete, '/signin?redirect=%2Fth%2F%2Fevil.example%2Fwallet', to('/home')],
  ['…in Thai too', complete, '/th/signin?redirect=%2Fth%2F%2Fevil.example%2Fwallet', to('/th/home')],
  ['upper-case prefix hiding //host', complete, '/signin?redirect=%2FTH%2F%2Fevil.example', to('/home')],
  ['repeated prefixes hiding //host', complete, '/signin?redirect=%2Fth%2Fth%2F%2Fevil.example', to('/home')],
  ['repeated prefixes are stripped', complete, '/signin?redirect=%2Fth%2Fth%2Fwallet', to('/wallet')],
  ['encoded slashes', complete, '/signin?redirect=%2F%252F%252Fevil.example', to('/home')],
  ['encoded slash after the prefix', complete, '/signin?redirect=%2Fth%2F%252Fevil.example', to('/home')],
  ['encoded twice', complete, '/signin?redirect=%2F%25252F%25252Fevil.example', to('/home')],
  ['encoded backslash', complete, '/signin?redirect=%2F%255Cevil.example', to('/home')],
  ['backslash after the prefix', complete, '/signin?redirect=%2Fth%2F%5Cevil.example', to('/home')],
  ['tab inside //', complete, '/signin?redirect=%2F%09%2Fevil.example', to('/home')],
  ['newline inside //', complete, '/signin?redirect=%2F%0A%2Fevil.example', to('/home')],
  ['encoded tab after the prefix', complete, '/signin?redirect=%2Fth%2F%2509%2Fevil.example', to('/home')],
  ['leading space', complete, '/signin?redirect=%20%2F%2Fevil.example', to('/home')],
  ['NUL byte', complete, '/signin?redirect=%2F%00%2Fevil.example', to('/home')],
  ['zero-width space', complete, '/signin?redirect=%2F%E2%80%8B%2Fevil.example', to('/home')],
  ['dot segments climbing to //host', complete, '/signin?redirect=%2Fth%2F..%2F%2Fevil.example', to('/home')],
  ['encoded dot segments', complete, '/signin?redirect=%2Fa%2F%252e%252e%2F%2Fevil.example', to('/home')],
  ['malformed escape', complete, '/signin?redirect=%2Fwallet%25E0', to('/home')],
  ['scheme after the prefix', complete, '/signin?redirect=%2Fth%2Fhttps%3A%2F%2Fevil.example', to('/home')],
  ['data: URL', complete, '/signin?redirect=data%3Atext%2Fhtml%2C1', to('/home')],
  ['/th/signin as the target', complete, '/signin?redirect=%2Fth%2Fsignin', to('/home')],
  ['/SIGNIN/ as the target', complete, '/signin?redirect=%2FSIGNIN%2F', to('/home')],
  ['a far too long target', complete, `/signin?redirect=%2F${'a'.repeat(3000)}`, to('/home')],
  [
    'a Thai query survives',
    complete,
    '/signin?redirect=%2Fvouchers%3Fq%3D%25E0%25B8%258A',
    to('/vouchers?q=%E0%B8%8A'),
  ],

  // The guard reads the address as the router does, so case, escapes and trailing slashes change nothing.
  ['visitor /WALLET', visitor, '/WALLET', to('/signin?redirect=%2Fwallet')],
  ['visitor /%77allet', visitor, '/%77allet', to('/signin?redirect=%2Fwallet')],
  ['visitor /TH/wallet/', visitor, '/TH/wallet/', to('/th/signin?redirect=%2Fwallet')],
  ['member on /SIGNIN/', complete, '/SIGNIN/', to('/home')],
  ['member on /%73ignin', complete, '/%73ignin', to('/home')],
  ['visitor /th//evil.example (not found, rendered)', visitor, '/th//evil.example/wallet', render],

  // Logged-in with an incomplete profile → /profile/edit, unless already there, already created or saving.
  ['incomplete on /home', incomplete, '/home', to('/profile/edit')],
  ['incomplete on /profile', incomplete, '/profile', to('/profile/edit')],
  ['incomplete on /wallet keeps where it was', incomplete, '/wallet', to('/profile/edit?redirect=%2Fwallet')],
  [
    'incomplete on a privilege keeps it, query too',
    incomplete,
    '/privileges/p1?from=home',
    to('/profile/edit?redirect=%2Fprivileges%2Fp1%3Ffrom%3Dhome'),
  ],
  ['incomplete in Thai', incomplete, '/th/cart', to('/th/profile/edit?redirect=%2Fcart')],
  [
    'incomplete on /signin with redirect',
    incomplete,
    '/signin?redirect=%2Fwallet',
    to('/profile/edit?redirect=%2Fwallet'),
  ],
  ['incomplete signing in with no target', incomplete, '/signin', to('/profile/edit')],
  ['incomplete already on /profile/edit', incomplete, '/profile/edit', render],
  ['incomplete already on /th/profile/edit', incomplete, '/th/profile/edit', render],
  [
    'incomplete but profile already created',
    { ...incomplete, profileHasCreated: 'alreadyProfile' },
    '/profile',
    render,
  ],
  ['incomplete while saving', { ...incomplete, isSettingProfile: true }, '/profile', render],
  ['profile status unknown is not forced', { ...complete, profileStatus: 'unknown' }, '/wallet', render],

  // Complete profile: every page renders, including a visit to edit.
  ['complete on /profile/edit stays', complete, '/profile/edit', render],
  [
    'complete and created on /profile/edit stays',
    { ...complete, profileHasCreated: 'alreadyProfile' },
    '/profile/edit',
    render,
  ],
  ['complete on /wallet', complete, '/wallet', render],
  ['complete on /th/notifications', complete, '/th/notifications', render],
  ['complete on /home', complete, '/home', render],
];

describe('route guard: every rule', () => {
  it.each(cases)('%s', (_rule, state, url, expected) => {
    expect(decideRoute(state, at(url))).toEqual(expected);
  });
});
