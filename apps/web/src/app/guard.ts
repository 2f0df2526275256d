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
};

export type GuardLocation = { pathname: string; search: string };

export type GuardDecision = { kind: 'render' } | { kind: 'loading' } | { kind: 'redirect'; to: string };

const RENDER: GuardDecision = { kind: 'render' };
const LOADING: GuardDecision = { kind: 'loading' };
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
 * What the route guard does at `location`: show the loader while auth initialises or
 * a logout is on its way to /signin, redirect, or render. Chained rules collapse into one redirect
 * (/signin?redirect=/wallet with an incomplete profile goes straight to /profile/edit).
 */
export function decideRoute(state: GuardState, location: GuardLocation): GuardDecision {
  if (!state.isInitialed) return LOADING;
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
