// The session is what every other feature may rely on; this is the auth feature's public surface.
export { useAuthStore, type AuthState } from './store/auth-store.ts';
export { useAuthSession } from './hooks/use-auth-session.ts';
export { displayName, initialsOf } from './lib/member-info.ts';
