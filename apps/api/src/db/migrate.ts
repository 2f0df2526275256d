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
  let result = await migrator.migrateToLatest();
  // Kysely's "does the bookkeeping table exist" check reads the tables of every schema in the
  // database; a schema another process drops during that read fails it with "schema does not exist"
  // (seen with parallel test files on one server). Nothing was applied then: look again.
  for (let i = 0; i < 5 && isSchemaGone(result); i++) result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'bookkeeping';
    throw new Error(`Migration ${failed} failed`, { cause: result.error });
  }
  return result;
};

const isSchemaGone = ({ error, results }: MigrationResultSet) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '3F000' &&
  !results?.some((r) => r.status === 'Error');
