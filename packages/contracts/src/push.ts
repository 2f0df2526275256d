import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { LanguageSchema } from './i18n.ts';

/** Longest push endpoint accepted: real ones (FCM, Mozilla, Apple, Windows) are well under 1 KB. */
export const PUSH_ENDPOINT_MAX = 2048;

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it. The endpoint must be an
 * https URL (the server also accepts http outside production, for tests and local development).
 */
export const PushSubscriptionBodySchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key: 65 bytes uncompressed (87 base64url characters). */
    p256dh: base64url(100),
    /** The 16-byte auth secret (22 base64url characters). */
    auth: base64url(40),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushSubscriptionSchema = z.object({ id: z.uuid() });
export const PushSubscriptionResponseSchema = envelope(PushSubscriptionSchema);

/** The VAPID public key (base64url) a browser subscribes with: `applicationServerKey`. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export const PushPublicKeyResponseSchema = envelope(PushPublicKeySchema);

/** The member's preferences kept on the server, so every device starts with them. */
export const PreferencesSchema = z.object({
  notificationsEnabled: z.boolean(),
  language: LanguageSchema,
});
export type Preferences = z.infer<typeof PreferencesSchema>;
export const PreferencesResponseSchema = envelope(PreferencesSchema);

/** Only the fields sent change; at least one. Turning notifications off removes every push subscription. */
export const UpdatePreferencesBodySchema = z
  .strictObject({
    notificationsEnabled: z.boolean().optional(),
    language: LanguageSchema.optional(),
  })
  .refine((b) => b.notificationsEnabled !== undefined || b.language !== undefined, {
    message: 'Send notificationsEnabled or language',
  });
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBodySchema>;
