import { z } from '../zod-config.ts';
import { envelope } from '../envelope.ts';
import { LanguageSchema } from '../i18n.ts';
import { EmailSchema } from '../auth.ts';
import { StaffRoleSchema } from './roles.ts';

export const StaffStatusSchema = z.enum(['active', 'disabled']);
export type StaffStatus = z.infer<typeof StaffStatusSchema>;

const StaffNameSchema = z.string().trim().min(1).max(100);
/** store_staff's stores (merchant ids); at least one for that role, none for the others. */
const StoreIdsSchema = z.array(z.uuid()).max(100);

/** A staff account as the owner's staff screen lists it. */
export const StaffSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  storeIds: z.array(z.string()),
  language: LanguageSchema,
  status: StaffStatusSchema,
  /** An authenticator app is enrolled; false for a new account or after a reset (enrols at next sign-in). */
  secondFactorEnrolled: z.boolean(),
  /** Sessions not ended, revoked or expired. */
  activeSessions: z.number().int(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Staff = z.infer<typeof StaffSchema>;
export const StaffResponseSchema = envelope(StaffSchema);

/** GET /admin/api/staff: every staff account (a programme team is small), filtered. */
export const StaffListQuerySchema = z.strictObject({
  /** Part of the e-mail or name, any case. */
  q: z.string().trim().max(100).optional(),
  role: StaffRoleSchema.optional(),
  status: StaffStatusSchema.optional(),
});
export type StaffListQuery = z.infer<typeof StaffListQuerySchema>;
export const StaffListResponseSchema = envelope(z.object({ items: z.array(StaffSchema) }));

export const CreateStaffBodySchema = z.strictObject({
  email: EmailSchema,
  name: StaffNameSchema,
  role: StaffRoleSchema,
  storeIds: StoreIdsSchema.default([]),
  language: LanguageSchema.default('en'),
});
export type CreateStaffBody = z.input<typeof CreateStaffBodySchema>;

/** Only what is sent changes. A role or status change ends the account's sessions. */
export const UpdateStaffBodySchema = z.strictObject({
  name: StaffNameSchema.optional(),
  role: StaffRoleSchema.optional(),
  storeIds: StoreIdsSchema.optional(),
  language: LanguageSchema.optional(),
  status: StaffStatusSchema.optional(),
});
export type UpdateStaffBody = z.infer<typeof UpdateStaffBodySchema>;

export const StaffIdParamsSchema = z.strictObject({ id: z.uuid() });

/** POST …/sessions/end: how many sessions were ended. */
export const EndStaffSessionsResponseSchema = envelope(z.object({ ended: z.number().int() }));
