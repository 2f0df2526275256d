import type { Preferences, PushSubscriptionBody, UpdatePreferencesBody } from '@app/contracts';
import { api } from '../../../shared/api/client.ts';

// Answers are cast, not parsed: the API's serializer holds each to its contract, and the notifications
// screen loads this with its first paint ("No Zod on a first screen").

/** The member's preferences as the server keeps them (every device starts with these). */
export const getPreferences = async () => (await api.get('/bff/member/preferences')) as Preferences;

export const updatePreferences = async (body: UpdatePreferencesBody) =>
  (await api.patch('/bff/member/preferences', { body })) as Preferences;

/** The VAPID key this server's pushes are signed with: what the browser subscribes with. */
export const getPushPublicKey = async () =>
  ((await api.get('/bff/push/public-key')) as { publicKey: string }).publicKey;

/** Stores this browser's subscription for the signed-in member (the same one again is a no-op). */
export const saveSubscription = async (body: PushSubscriptionBody) =>
  ((await api.post('/bff/push/subscriptions', { body })) as { id: string }).id;
