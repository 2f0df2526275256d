// `npm run admin:create-owner -- --email you@example.com --name "Your Name" [--language th] [--force]`:
// the first back-office owner of a production programme (development makes one at `npm start`).
// Works on the embedded database in DATA_DIR (default ./data; stop the server first: the folder is
// locked while it runs) or on DATABASE_URL. Refuses while an active owner exists unless --force;
// forced on an existing staff address, it makes that account an active owner and resets its second
// factor (the way back in when every owner lost their authenticator app). See docs/operations.md.
import { parseArgs } from 'node:util';
import { EmailSchema, LanguageSchema } from '@app/contracts';
import { DataDirInUseError } from '../../apps/api/src/db/data-dir-lock.ts';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { createOwner, systemActor } from '../../apps/api/src/modules/admin/index.ts';

const usage =
  'usage: npm run admin:create-owner -- --email you@example.com --name "Your Name" [--language en|th] [--force]';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    language: { type: 'string', default: 'en' },
    force: { type: 'boolean', default: false },
  },
  strict: true,
});
const email = EmailSchema.safeParse(values.email ?? '');
const language = LanguageSchema.safeParse(values.language);
const name = values.name?.trim() ?? '';
if (!email.success || !language.success || name.length === 0 || name.length > 100) {
  console.error(
    !email.success ? `not an e-mail address: ${values.email ?? '(none)'}` : !name ? 'a --name is needed' : '',
  );
  console.error(usage);
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || './data';
let db: ReturnType<typeof openDatabase> | undefined;
try {
  db = openDatabase({ databaseUrl, dataDir, controlSocket: false });
  await migrateToLatest(db);
  const result = await createOwner(
    { db, now: () => new Date() },
    {
      email: email.data,
      name,
      language: language.data,
      force: values.force,
      actor: systemActor('create-owner'),
    },
  );
  if (result.outcome === 'owner_exists') {
    console.error(
      `an active owner exists already (${result.ownerEmails.join(', ')}): nothing done. ` +
        'Owners add staff in the back office; --force adds another owner (or restores this address as one).',
    );
    process.exitCode = 1;
  } else {
    console.log(
      `${result.outcome === 'created' ? 'owner created' : 'owner restored (second factor reset)'}: ${result.staff.email}. ` +
        'Sign in at /admin with this address: a code is e-mailed, then scan the QR code shown with an authenticator app.',
    );
  }
} catch (err) {
  console.error(
    err instanceof DataDirInUseError
      ? `${err.message}\nStop the server first (or use DATABASE_URL for a PostgreSQL database).`
      : `create-owner failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exitCode = 1;
} finally {
  await db?.destroy();
}
