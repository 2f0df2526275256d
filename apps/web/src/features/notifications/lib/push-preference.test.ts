import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationPreference } from './preference.ts';
import { syncWithServer } from './push-preference.ts';

const answers = vi.hoisted(() => ({ notificationsEnabled: true, release: Promise.resolve() }));
vi.mock('../api/push.ts', () => ({
  getPreferences: async () => {
    await answers.release;
    return { notificationsEnabled: answers.notificationsEnabled, language: 'en' };
  },
  getPushPublicKey: vi.fn(),
  saveSubscription: vi.fn(),
  updatePreferences: vi.fn(),
}));
vi.mock('./push-device.ts', () => ({
  pushPermission: () => 'default',
  pushSupported: () => false,
  subscribeDevice: vi.fn(),
  unsubscribeDevice: vi.fn(async () => undefined),
}));

describe('syncWithServer', () => {
  beforeEach(() => useNotificationPreference.getState().setNotiEnabled(true));
  afterEach(() => useNotificationPreference.getState().setNotiEnabled(true));

  it("gives the device the server's choice", async () => {
    answers.notificationsEnabled = false;
    answers.release = Promise.resolve();
    await syncWithServer(true);
    expect(useNotificationPreference.getState().notiEnabled).toBe(false);
  });

  it('leaves a choice the member made while the server was asked', async () => {
    answers.notificationsEnabled = true;
    let answer = () => {};
    answers.release = new Promise<void>((resolve) => (answer = resolve));
    const sync = syncWithServer(true);
    useNotificationPreference.getState().setNotiEnabled(false); // the switch, before the answer
    answer();
    await sync;
    expect(useNotificationPreference.getState().notiEnabled).toBe(false);
  });
});
