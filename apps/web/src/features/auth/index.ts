// The session is what every other feature may rely on; this is the auth feature's public surface.
export { initialAuthState, useAuthStore, type AuthState } from './store/auth-store.ts';
export { useAuthSession } from './hooks/use-auth-session.ts';
export { displayName, initialsOf } from './lib/member-info.ts';
// A code sent by e-mail is typed the same way wherever the app asks for one.
export { CodeEntryForm } from './components/code-entry-form.tsx';
export { useCodeEntry } from './hooks/use-code-entry.ts';
export { useCountdown } from './hooks/use-countdown.ts';
