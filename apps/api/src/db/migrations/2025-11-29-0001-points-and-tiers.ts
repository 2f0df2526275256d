import { sql, type Kysely } from 'kysely';

/*
 * Points buckets and tiers (issue 11).
 * - Every positive row (an earn, a positive adjust) is a bucket with its own expiry; every row that
 *   takes points away or gives them back names the bucket it moved (`bucket_id`), so what a bucket
 *   still holds is its own points plus its rows', and a burn can spend the earliest-expiring first.
 * - A reversal of one burn row names it (`reverses_id`, unique): a failed redemption gives back once.
 * - The tier table holds what each tier needs over a rolling 12 months; names live in the locales.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('points_ledger')
    .addColumn('bucket_id', 'uuid', (c) => c.references('points_ledger.id'))
    .addColumn('reverses_id', 'uuid', (c) => c.references('points_ledger.id'))
    .execute();
  await db.schema.createIndex('points_ledger_bucket_idx').on('points_ledger').column('bucket_id').execute();
  await sql`create unique index points_ledger_reverses_idx on points_ledger (reverses_id) where reverses_id is not null`.execute(
    db,
  );
  // The expiry job looks for buckets that are due.
  await sql`create index points_ledger_expires_idx on points_ledger (expires_at) where expires_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('tier')
    .addColumn('code', 'text', (c) =>
      c.primaryKey().check(sql`code in ('member', 'silver', 'gold', 'platinum')`),
    )
    .addColumn('rank', 'integer', (c) => c.notNull().unique())
    .addColumn('points_required', 'integer', (c) => c.notNull().check(sql`points_required >= 0`))
    .execute();
  await db
    .insertInto('tier' as never)
    .values([
      { code: 'member', rank: 0, points_required: 0 },
      { code: 'silver', rank: 1, points_required: 1000 },
      { code: 'gold', rank: 2, points_required: 5000 },
      { code: 'platinum', rank: 3, points_required: 15000 },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tier').execute();
  await db.schema.alterTable('points_ledger').dropColumn('reverses_id').dropColumn('bucket_id').execute();
}
