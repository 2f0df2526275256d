import type { Kysely } from 'kysely';

/** Indexes the housekeeping job deletes by. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('otp_code_expires_at_idx').on('otp_code').column('expires_at').execute();
  await db.schema
    .createIndex('refresh_token_family_revoked_at_idx')
    .on('refresh_token_family')
    .column('revoked_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refresh_token_family_revoked_at_idx').execute();
  await db.schema.dropIndex('otp_code_expires_at_idx').execute();
}
