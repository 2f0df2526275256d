import { z } from '../zod-config.ts';
import { envelope } from '../envelope.ts';

/** The most audit entries one page holds. */
export const AUDIT_PAGE_MAX = 100;

const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** GET /admin/api/audit: newest first; every filter optional and combined with AND. */
export const AuditQuerySchema = z.strictObject({
  /** Entries by this staff member (their id). */
  staffId: z.uuid().optional(),
  /** Exact action, e.g. `staff.update`, or a prefix ending in `.` (`staff.`). */
  action: z.string().trim().min(1).max(100).optional(),
  entityType: z.string().trim().min(1).max(50).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  /** ISO date-times: from (inclusive) and to (exclusive). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Words looked for in the actor's e-mail, the action, the entity, the reason and the before/after. */
  q: z.string().trim().min(1).max(100).optional(),
  limit: queryInt(1, AUDIT_PAGE_MAX).default(50),
  /** From the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for the system's own work (a job, the first-owner command). */
  staffId: z.string().nullable(),
  staffEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The record before and after the change, as the change wrote them (null where there was none). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
export const AuditPageResponseSchema = envelope(AuditPageSchema);
