import { z } from '../zod-config.ts';
import { envelope } from '../envelope.ts';
import { LanguageSchema } from '../i18n.ts';
import { EmailSchema, OtpSchema } from '../auth.ts';
import { PERMISSION_NAMES, StaffRoleSchema, type Permission } from './roles.ts';

/** Staff sign-in, step 1: a 6-digit code by e-mail (the same answer whether or not the address is staff). */
export const StaffSendCodeBodySchema = z.strictObject({
  email: EmailSchema,
  language: LanguageSchema.optional(),
});
export type StaffSendCodeBody = z.infer<typeof StaffSendCodeBodySchema>;

/** Step 2: the e-mailed code. Proves the address only; a second factor follows. */
export const StaffVerifyCodeBodySchema = z.strictObject({ email: EmailSchema, code: OtpSchema });
export type StaffVerifyCodeBody = z.infer<typeof StaffVerifyCodeBodySchema>;

export const SecondFactorSchema = z.enum(['totp', 'enrol_totp']);
export type SecondFactor = z.infer<typeof SecondFactorSchema>;

export const StaffChallengeDataSchema = z.object({
  /** Opaque, short-lived (5 minutes), good for one second-factor step. */
  challengeToken: z.string(),
  /** `enrol_totp` on the first sign-in (or after a reset): add the secret to an authenticator app. */
  secondFactor: SecondFactorSchema,
  /** Only when enrolling: the secret and its otpauth:// URI (shown as a QR code). */
  enrolment: z.object({ secret: z.string(), otpauthUrl: z.string() }).nullable(),
  expiresInSeconds: z.number().int(),
});
export const StaffChallengeResponseSchema = envelope(StaffChallengeDataSchema);
export type StaffChallengeData = z.infer<typeof StaffChallengeDataSchema>;

/** Step 3: the authenticator app's 6-digit code. */
export const StaffSecondFactorBodySchema = z.strictObject({
  challengeToken: z.string().min(1).max(200),
  code: OtpSchema,
});
export type StaffSecondFactorBody = z.infer<typeof StaffSecondFactorBodySchema>;

export const PermissionSchema = z.enum(PERMISSION_NAMES as [Permission, ...Permission[]]);

/** The signed-in staff member as the back office sees them. */
export const StaffMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  /** Stores a store_staff account works for (empty for other roles). */
  storeIds: z.array(z.string()),
  permissions: z.array(PermissionSchema),
  language: LanguageSchema,
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const StaffSessionDataSchema = z.object({
  /** Bearer token for `Authorization: Bearer …` on /admin/api; opaque, revocable. */
  token: z.string(),
  /** Ends early after STAFF_SESSION_IDLE_MINUTES without a request. */
  expiresAt: z.string(),
  staff: StaffMeSchema,
});
export const StaffSessionResponseSchema = envelope(StaffSessionDataSchema);
export type StaffSessionData = z.infer<typeof StaffSessionDataSchema>;

export const StaffMeResponseSchema = envelope(StaffMeSchema);

/** Staff sessions are short: 30 minutes without a request, 8 hours at most. */
export const STAFF_SESSION_IDLE_MINUTES = 30;
export const STAFF_SESSION_MAX_HOURS = 8;
export const STAFF_CHALLENGE_TTL_SECONDS = 300;

/** POST /admin/api/auth/sign-out: the presented session is ended. */
export const StaffSignOutResponseSchema = envelope(z.object({ signedOut: z.literal(true) }));

/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Privileges Back Office';
/** Wrong authenticator codes one sign-in challenge takes before it is dead. */
export const STAFF_CHALLENGE_MAX_ATTEMPTS = 5;
