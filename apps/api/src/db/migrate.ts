import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.ts';

/** Applies every pending migration (Kysely takes an advisory lock, so parallel starts are safe). */
export const migrateToLatest = async <DB>(db: Kysely<DB>): Promise<MigrationResultSet> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: result.error });
  }
  return result;
};
