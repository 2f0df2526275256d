import { Migrator, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.ts';

/**
 * Applies every pending migration (Kysely takes an advisory lock, so parallel starts are safe).
 * The bookkeeping tables are pinned to the current schema: unpinned, Kysely's "does the table exist"
 * check matches a `kysely_migration` in ANY schema of the database (seen with one schema per test file).
 */
export const migrateToLatest = async <DB>(db: Kysely<DB>): Promise<MigrationResultSet> => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'bookkeeping';
    throw new Error(`Migration ${failed} failed`, { cause: result.error });
  }
  return result;
};
