import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they describe the schema as it was then, not today's types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone_code', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('date_of_birth', 'date')
    .addColumn('avatar_id', 'uuid')
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'th')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('avatar')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('avatar_member_id_idx').on('avatar').column('member_id').execute();
  await db.schema
    .alterTable('member')
    .addForeignKeyConstraint('member_avatar_id_fk', ['avatar_id'], 'avatar', ['id'])
    .onDelete('set null')
    .execute();

  await db.schema
    .createTable('otp_code')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('otp_code_pk', ['email', 'purpose'])
    .execute();

  await db.schema
    .createTable('refresh_token_family')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_token_family_member_id_idx')
    .on('refresh_token_family')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('refresh_token')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('family_id', 'uuid', (c) =>
      c.notNull().references('refresh_token_family.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('replaced_by', 'uuid')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('refresh_token_family_id_idx')
    .on('refresh_token')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('refresh_token_expires_at_idx')
    .on('refresh_token')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_created_at_idx').on('mail_outbox').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['mail_outbox', 'refresh_token', 'refresh_token_family', 'otp_code']) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.alterTable('member').dropConstraint('member_avatar_id_fk').execute();
  await db.schema.dropTable('avatar').execute();
  await db.schema.dropTable('member').execute();
}
