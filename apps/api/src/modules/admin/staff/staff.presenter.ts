import type { Staff } from '@app/contracts';
import type { StaffRow } from '../../../db/schema.ts';

/** What an audit row keeps of a staff account before and after a change (what the back office shows of it). */
export const auditSnapshot = (row: StaffRow, storeIds: string[]) => ({
  email: row.email,
  name: row.name,
  role: row.role,
  storeIds,
  language: row.language,
  status: row.status,
  secondFactorEnrolled: row.totp_confirmed_at !== null,
});

/** The staff account as the back office shows it — never its second-factor secret. */
export const presentStaff = (row: StaffRow, storeIds: string[], activeSessions: number): Staff => ({
  id: row.id,
  ...auditSnapshot(row, storeIds),
  activeSessions,
  lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});
