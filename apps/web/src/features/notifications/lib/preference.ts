import { create } from 'zustand';
import { safeStorage } from '../../../shared/storage.ts';

/** Where the member's "notifications on" choice lives: a notification-enabled key on this device. */
export const NOTIFICATION_ENABLED_KEY = 'privileges.notification-enabled';

/** Anything but an explicit "false" is on: the preference is true when unset. */
export const readNotiEnabled = (): boolean => safeStorage.get(NOTIFICATION_ENABLED_KEY) !== 'false';

type PreferenceState = {
  notiEnabled: boolean;
  /** The preference action: saved on this device (where it is kept on the server is not specified). */
  setNotiEnabled: (on: boolean) => void;
};

export const useNotificationPreference = create<PreferenceState>()((set) => ({
  notiEnabled: readNotiEnabled(),
  setNotiEnabled: (on) => {
    safeStorage.set(NOTIFICATION_ENABLED_KEY, String(on));
    set({ notiEnabled: on });
  },
}));
