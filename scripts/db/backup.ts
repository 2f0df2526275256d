// `npm run backup [-- <folder>]`: a consistent copy of the embedded database in DATA_DIR (default
// ./data), taken by the running server if one holds the folder, else by opening it here; one gzip'd
// SQL file with the secrets, written to <folder> (default DATA_DIR/backups). See docs/operations.md.
import { makeBackup } from '../../apps/api/src/db/backup.ts';

const dataDir = process.env.DATA_DIR || './data';
try {
  const { file, online, bytes } = await makeBackup(dataDir, process.argv[2]);
  console.log(
    `backup written: ${file} (${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB gzip, ${online ? 'made by the running server' : 'no server was running'})`,
  );
} catch (err) {
  console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
