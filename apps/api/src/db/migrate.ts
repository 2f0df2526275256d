import { Migrator, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.ts';

/**
 * Applies every pending migration (Kysely takes an advisory lock, so parallel starts are safe).
 * The bookkeeping tables are pinned to the current schema: unpinned, Kysely's "does the table exist"
 * check matches a `kysely_migration` in ANY schema of the database (seen with one schema per test file).
 */
export const migrateToLatest = async <DB>(db: Kysely<DB>): Promise<MigrationResultSet> => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  if (await allApplied(db, schema)) return { results: [] };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  let result = await migrator.migrateToLatest();
  // Kysely's "does the bookkeeping table exist" check reads the tables of every schema in the
  // database; a schema or table another process drops during that read fails it with "schema does not
  // exist" or "relation does not exist" (seen with parallel test files on one server, each dropping its
  // schema and its job queue's tables), or "column does not exist" for a column another process's
  // migration renames or drops meanwhile. Nothing was applied then: look again.
  for (let i = 0; i < 5 && isDroppedDuringRead(result); i++) result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'bookkeeping';
    throw new Error(`Migration ${failed} failed`, { cause: result.error });
  }
  return result;
};

/**
 * Every migration already recorded, and nothing else: the usual restart. One read instead of Kysely's
 * introspection of every table and its lock, which took ~1 s of an embedded restart. Anything else
 * (a pending or an unknown migration) goes through the Migrator as before.
 */
const allApplied = async <DB>(db: Kysely<DB>, schema: string): Promise<boolean> => {
  const table = `${schema}.kysely_migration`;
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(
    db,
  );
  if (!rows[0]?.found) return false;
  const applied = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db);
  const names = new Set(applied.rows.map((r) => r.name));
  const wanted = Object.keys(migrations);
  return names.size === wanted.length && wanted.every((n) => names.has(n));
};

/** `3F000` invalid_schema_name, `42P01` undefined_table, `42703` undefined_column — before any migration ran. */
const isDroppedDuringRead = ({ error, results }: MigrationResultSet) =>
  typeof error === 'object' &&
  error !== null &&
  ['3F000', '42P01', '42703'].includes(String((error as { code?: unknown }).code)) &&
  !results?.some((r) => r.status === 'Error');
