import type { PushSubscriptionBody } from '@app/contracts';
import { getPreferences, getPushPublicKey, saveSubscription, updatePreferences } from '../api/push.ts';
import { pushPermission, pushSupported, subscribeDevice, unsubscribeDevice } from './push-device.ts';
import { useNotificationPreference } from './preference.ts';

const bodyOf = (sub: PushSubscription): PushSubscriptionBody | null => {
  const json = sub.toJSON();
  const { p256dh, auth } = json.keys ?? {};
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh, auth } };
};

/** Subscribes this browser (when it has the permission) and tells the server; false when it could not. */
export async function subscribeThisDevice(): Promise<boolean> {
  if (pushPermission() !== 'granted') return false;
  const sub = await subscribeDevice(await getPushPublicKey());
  const body = sub && bodyOf(sub);
  if (!body) return false;
  await saveSubscription(body);
  return true;
}

export type EnableOutcome = 'pushing' | 'in-app-only';

/**
 * The banner's "Turn on": asks the browser's permission first (while the tap still counts as the
 * member's gesture), keeps the choice on the server (so other devices follow) and on this device, and
 * with the permission subscribes this device to pushes. Without it, notifications still show in the app.
 * Throws when the server could not keep the choice; this device's flag is then left as it was.
 */
export async function enableNotifications(): Promise<EnableOutcome> {
  const permission = pushSupported() ? Notification.requestPermission() : Promise.resolve('denied');
  await updatePreferences({ notificationsEnabled: true });
  useNotificationPreference.getState().setNotiEnabled(true);
  if ((await permission) !== 'granted') return 'in-app-only';
  try {
    return (await subscribeThisDevice()) ? 'pushing' : 'in-app-only';
  } catch (error) {
    console.warn('notifications: push subscription failed', error);
    return 'in-app-only';
  }
}

/**
 * Turning notifications off: the server forgets every device's subscription (so none is pushed to),
 * this browser drops its own, and the device's flag follows. Throws when the server could not keep it.
 */
export async function disableNotifications(): Promise<void> {
  await updatePreferences({ notificationsEnabled: false });
  useNotificationPreference.getState().setNotiEnabled(false);
  await unsubscribeDevice().catch((error: unknown) =>
    console.warn('notifications: could not drop the push subscription', error),
  );
}

/**
 * After sign-in (or a load with a stored session): this device's flag takes the server's value, and
 * the device's push subscription is made to match it — renewed (and moved to this member, should the
 * browser have been someone else's) when on with the permission given, dropped when off.
 */
export async function syncWithServer(
  asked = useNotificationPreference.getState().notiEnabled,
): Promise<void> {
  const prefs = await getPreferences();
  // The member turned notifications on or off while the server was asked: that choice is newer than
  // the answer (and the switch saves it on the server itself), so the answer must not undo it.
  if (useNotificationPreference.getState().notiEnabled !== asked) return;
  useNotificationPreference.getState().setNotiEnabled(prefs.notificationsEnabled);
  if (prefs.notificationsEnabled) await subscribeThisDevice();
  else await unsubscribeDevice();
}

/** Signed out: this browser stops receiving the previous member's pushes. */
export const forgetThisDevice = (): Promise<void> => unsubscribeDevice();
