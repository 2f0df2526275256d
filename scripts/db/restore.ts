// `npm run restore -- <backup file>`: replaces the embedded database in DATA_DIR (default ./data) with
// the backup's, secrets included. Refuses while a server runs on the folder; moves what was there
// aside (pglite.before-restore-<time>), never deletes it. See docs/operations.md.
import { DataDirInUseError } from '../../apps/api/src/db/data-dir-lock.ts';
import { restoreBackup } from '../../apps/api/src/db/backup.ts';

const dataDir = process.env.DATA_DIR || './data';
const file = process.argv[2];
if (!file) {
  console.error(
    'usage: npm run restore -- <backup file>   (DATA_DIR selects the data folder, default ./data)',
  );
  process.exit(2);
}
try {
  const { movedAside, secretsRestored } = await restoreBackup(dataDir, file);
  console.log(`restored ${file} into ${dataDir}/pglite`);
  if (secretsRestored.length) console.log(`secrets restored: ${secretsRestored.join(', ')}`);
  for (const path of movedAside) console.log(`kept what was there: ${path}`);
} catch (err) {
  if (err instanceof DataDirInUseError)
    console.error(
      `restore refused: ${err.message.replace(/ The embedded database.*$/, '')} Stop the server first.`,
    );
  else console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
