import {
  isProtectedPath,
  localizePath,
  paths,
  routedPath,
  safeRedirectTarget,
  signinPath,
  splitLocale,
} from '../shared/paths.ts';

export type GuardState = {
  isInitialed: boolean;
  isLoggedIn: boolean;
  isLoggingOut: boolean;
  isSettingProfile: boolean;
  profileStatus: 'unknown' | 'complete' | 'incomplete';
  profileHasCreated: 'unknown' | 'alreadyProfile';
  /**
   * Tokens are stored on this device (or, on the server, the page was asked for with the signed-in
   * hint): a member's session, being restored or kept through a refresh that could not reach the server.
   */
  hasStoredSession: boolean;
};

export type GuardLocation = { pathname: string; search: string };

/**
 * 'hold': the member's layout (header, bottom navigation) with the screen's outline while their session
 * is restored; which screen follows (or a redirect) is known once it is.
 */
export type GuardDecision =
  { kind: 'render' } | { kind: 'loading' } | { kind: 'hold' } | { kind: 'redirect'; to: string };

const RENDER: GuardDecision = { kind: 'render' };
const LOADING: GuardDecision = { kind: 'loading' };
const HOLD: GuardDecision = { kind: 'hold' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** One guard rule, applied to one location. */
function step(state: GuardState, { pathname, search }: GuardLocation): GuardDecision {
  // Decide about the screen the router will render, not about the address as typed.
  const { lang, path } = splitLocale(routedPath(pathname));

  if (path === paths.root) return redirect(localizePath(`${paths.home}${search}`, lang));

  if (path === paths.signin) {
    if (!state.isLoggedIn) return RENDER;
    const target = safeRedirectTarget(new URLSearchParams(search).get('redirect'));
    return redirect(localizePath(target ?? paths.home, lang));
  }

  if (!state.isLoggedIn) {
    return isProtectedPath(path) ? redirect(signinPath(lang, `${path}${search}`)) : RENDER;
  }

  const mustCompleteProfile =
    state.profileStatus === 'incomplete' &&
    path !== paths.profileEdit &&
    state.profileHasCreated !== 'alreadyProfile' &&
    !state.isSettingProfile;
  if (mustCompleteProfile) {
    // The page the member was on is kept, and Save goes back to it (the privilege they tapped Use Now
    // on); from home or the profile there is nothing to return to, and Save goes to the profile.
    const back = path === paths.home || path === paths.profile ? null : `${path}${search}`;
    const edit = localizePath(paths.profileEdit, lang);
    return redirect(back ? `${edit}?redirect=${encodeURIComponent(back)}` : edit);
  }

  return RENDER;
}

function parse(to: string): GuardLocation {
  const url = new URL(to, 'https://app.invalid');
  return { pathname: url.pathname, search: url.search };
}

/**
 * What the route guard does at `location`: hold the member's layout while their session is restored,
 * show the loader while a logout is on its way to /signin, redirect, or render. Chained rules collapse
 * into one redirect (/signin?redirect=/wallet with an incomplete profile goes straight to /profile/edit).
 */
export function decideRoute(given: GuardState, location: GuardLocation): GuardDecision {
  if (!given.isInitialed) return given.hasStoredSession ? HOLD : LOADING;
  // Tokens kept after a refresh that could not reach the server (offline, a server error; a refused one
  // clears them): still this member's device. Their screens render and say what they cannot load,
  // rather than sending them to sign in again because the phone has no signal.
  const state =
    !given.isLoggedIn && given.hasStoredSession && !given.isLoggingOut
      ? { ...given, isLoggedIn: true }
      : given;
  // Until the logout's own navigation lands on /signin: redirecting from the protected page the member
  // left would add ?redirect=… and send them back there at their next sign-in.
  if (state.isLoggingOut)
    return splitLocale(routedPath(location.pathname)).path === paths.signin ? RENDER : LOADING;
  let decision = step(state, location);
  for (let hops = 0; decision.kind === 'redirect' && hops < 3; hops += 1) {
    const next = step(state, parse(decision.to));
    if (next.kind !== 'redirect') break;
    decision = next;
  }
  return decision;
}
