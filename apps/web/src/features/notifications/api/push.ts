import {
  PreferencesSchema,
  PushPublicKeySchema,
  PushSubscriptionSchema,
  type PushSubscriptionBody,
  type UpdatePreferencesBody,
} from '@app/contracts';
import { api } from '../../../shared/api/client.ts';

/** The member's preferences as the server keeps them (every device starts with these). */
export const getPreferences = async () => PreferencesSchema.parse(await api.get('/bff/member/preferences'));

export const updatePreferences = async (body: UpdatePreferencesBody) =>
  PreferencesSchema.parse(await api.patch('/bff/member/preferences', { body }));

/** The VAPID key this server's pushes are signed with: what the browser subscribes with. */
export const getPushPublicKey = async () =>
  PushPublicKeySchema.parse(await api.get('/bff/push/public-key')).publicKey;

/** Stores this browser's subscription for the signed-in member (the same one again is a no-op). */
export const saveSubscription = async (body: PushSubscriptionBody) =>
  PushSubscriptionSchema.parse(await api.post('/bff/push/subscriptions', { body })).id;
