import { z } from './zod-config.ts';
import { envelope } from './envelope.ts';
import { LanguageSchema } from './i18n.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PROFILE_REQUIRED_FIELDS } from './constants.ts';

export {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_AFTER_SECONDS,
  OTP_TTL_SECONDS,
  PROFILE_REQUIRED_FIELDS,
} from './constants.ts';

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ pattern: EMAIL_PATTERN }));
export const OtpSchema = z.string().regex(/^\d{6}$/, 'OTP must be 6 digits');

export const SendOtpBodySchema = z.strictObject({
  email: EmailSchema,
  /** Language of the page that asked: the e-mail is written in it. */
  language: LanguageSchema.optional(),
});
export type SendOtpBody = z.infer<typeof SendOtpBodySchema>;

export const SendOtpDataSchema = z.object({
  /** Seconds before another code may be requested (drives the Resend countdown). */
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export const SendOtpResponseSchema = envelope(SendOtpDataSchema);
export type SendOtpData = z.infer<typeof SendOtpDataSchema>;

export const LoginBodySchema = z.strictObject({ email: EmailSchema, otp: OtpSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const ProfileStatusSchema = z.enum(['complete', 'incomplete']);
export type ProfileStatus = z.infer<typeof ProfileStatusSchema>;

/** The member as the app sees them. */
export const MemberInfoSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** ISO calendar date, YYYY-MM-DD. */
  dateOfBirth: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  language: LanguageSchema,
  profileStatus: ProfileStatusSchema,
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

export const profileStatusOf = (
  m: Pick<MemberInfo, (typeof PROFILE_REQUIRED_FIELDS)[number]>,
): ProfileStatus =>
  PROFILE_REQUIRED_FIELDS.every((f) => (m[f] ?? '').trim() !== '') ? 'complete' : 'incomplete';

export const RefreshTokenItemSchema = z.object({ token: z.string(), expiresAt: z.string() });

export const LoginDataSchema = MemberInfoSchema.extend({
  accessToken: z.string(),
  refreshToken: z.string(),
  refreshTokens: z.array(RefreshTokenItemSchema).min(1),
});
export type LoginData = z.infer<typeof LoginDataSchema>;
export const LoginResponseSchema = envelope(LoginDataSchema);
export const RefreshResponseSchema = envelope(LoginDataSchema);
export const ProfileResponseSchema = envelope(MemberInfoSchema);

/** Names: letters (any script), marks, spaces, apostrophes, dots and hyphens. */
const NameSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, 'Name may only contain letters');

export const PhoneCodeValueSchema = z.string().regex(/^\+\d{1,4}$/, 'Invalid phone code');
/** Profile phone: 9-10 digits (a Thai number without or with its leading 0). */
export const ProfilePhoneSchema = z
  .string()
  .regex(/^\d{9,10}$/, 'Please enter a valid phone number (9-10 digits)');
/** Checkout phone: exactly 10 digits. */
export const CheckoutPhoneSchema = z
  .string()
  .regex(/^\d{10}$/, 'Please enter a valid phone number (10 digits)');

export const DateOfBirthSchema = z.iso.date().refine((d) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return t >= Date.parse('1900-01-01T00:00:00Z') && t <= Date.now();
}, 'Date of birth must be a past date');

/**
 * POST /auth/users/email/send-otp: mails a code to the new address. The answer is the same whether or
 * not the address belongs to another member (only the owner of the mailbox can learn that).
 */
export const SendEmailChangeCodeBodySchema = SendOtpBodySchema;
export type SendEmailChangeCodeBody = z.infer<typeof SendEmailChangeCodeBodySchema>;

/** POST /auth/users/email/verify: the new address and its code; answers the profile with the new e-mail. */
export const VerifyEmailChangeBodySchema = LoginBodySchema;
export type VerifyEmailChangeBody = z.infer<typeof VerifyEmailChangeBodySchema>;

export const UpdateProfileBodySchema = z.strictObject({
  firstName: NameSchema.optional(),
  lastName: NameSchema.optional(),
  email: EmailSchema.optional(),
  dateOfBirth: DateOfBirthSchema.optional(),
  phoneCode: PhoneCodeValueSchema.optional(),
  phoneNumber: ProfilePhoneSchema.optional(),
  language: LanguageSchema.optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const PhoneCodeSchema = z.object({
  /** ISO 3166-1 alpha-2 country code. */
  country: z.string().length(2),
  dialCode: z.string(),
  nameEn: z.string(),
  nameTh: z.string(),
});
export type PhoneCode = z.infer<typeof PhoneCodeSchema>;
export const PhoneCodesResponseSchema = envelope(z.array(PhoneCodeSchema));

/**
 * GET /info ("user-info"): the member plus a message list. `message` is empty when
 * the profile is complete, else the names of the missing required fields (PROFILE_REQUIRED_FIELDS).
 */
export const InfoResponseSchema = z.object({
  success: z.literal(true),
  message: z.array(z.string()),
  data: MemberInfoSchema,
});
export type InfoResponse = z.infer<typeof InfoResponseSchema>;

/** POST /auth/logout: revokes the session (refresh-token family) of the presented token. */
export const LogoutResponseSchema = envelope(z.object({ loggedOut: z.literal(true) }));

/**
 * POST /auth/users/avatar (multipart/form-data, one file field, any name): JPEG, PNG or WebP up to
 * AVATAR_MAX_BYTES. Answers ProfileResponseSchema with the new `avatarUrl`.
 * DELETE /auth/users/avatar removes it (avatarUrl becomes null), same answer.
 */
export const AvatarResponseSchema = ProfileResponseSchema;
