// `DATABASE_URL=postgres://… npm run db:to-postgres -- <backup file>`: loads a backup of the embedded
// database (npm run backup) into an empty PostgreSQL database, in one transaction, and writes the
// backup's secrets to <backup>.env for the instances that will run on it. See docs/operations.md.
import { loadIntoPostgres } from '../../apps/api/src/db/backup.ts';

const file = process.argv[2];
const url = process.env.DATABASE_URL;
if (!file || !url) {
  console.error('usage: DATABASE_URL=postgres://user@host/newdb npm run db:to-postgres -- <backup file>');
  process.exit(2);
}
try {
  const { envFile, tables } = await loadIntoPostgres(file, url);
  console.log(`loaded ${file} into ${new URL(url).pathname.slice(1) || 'the database'}: ${tables} tables`);
  if (envFile)
    console.log(
      `secrets written to ${envFile}: give every instance these (with DATABASE_URL) so sessions and webhooks stay valid`,
    );
} catch (err) {
  console.error(`move failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
