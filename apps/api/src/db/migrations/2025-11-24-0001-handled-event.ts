import type { Kysely } from 'kysely';

/**
 * One row per domain event a handler has finished, written in the handler's own transaction: the
 * primary key turns a second delivery of the same event (a retry after a crash) into a no-op.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('handled_event')
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('handler', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('handled_event_pkey', ['event_id', 'handler'])
    .execute();
  await db.schema
    .createIndex('handled_event_handled_at_idx')
    .on('handled_event')
    .column('handled_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('handled_event').execute();
}
