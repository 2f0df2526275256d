import { useEffect, useRef } from 'react';
import { useNotificationPreference } from '../lib/preference.ts';
import { useNotificationScope } from './use-notification-scope.ts';

/**
 * Keeps this device in step with the member's preferences on the server: on sign-in (or a load with a
 * stored session) the device's flag takes the server's value and its push subscription follows it;
 * on sign-out the browser drops its subscription, so the previous member's pushes stop arriving here.
 * The code is loaded only then, keeping it off the first screen.
 */
export function usePushSync(): void {
  const signedIn = useNotificationScope() !== null;
  const before = useRef(false);
  useEffect(() => {
    const was = before.current;
    before.current = signedIn;
    if (!signedIn && !was) return;
    // The device's flag as the sync starts: a change the member makes while it loads and asks wins.
    const asked = useNotificationPreference.getState().notiEnabled;
    import('../lib/push-preference.ts')
      .then((m) => (signedIn ? m.syncWithServer(asked) : m.forgetThisDevice()))
      .catch((error: unknown) => console.warn('notifications: syncing preferences failed', error));
  }, [signedIn]);
}
