import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { requestBackup } from './control-socket.ts';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';
import { createEmbeddedPGlite, dumpSql } from './embedded.ts';

/**
 * The secrets config.ts generates into DATA_DIR when the environment gives none, each with the
 * environment lines that stand for it. A backup carries them, so a restored or moved database keeps
 * its members signed in (JWT_SECRET), the payment provider's webhooks verifying
 * (PAYMENT_WEBHOOK_SECRET) and its members' devices receiving pushes (the VAPID pair: every browser
 * subscription is bound to its public key, so a new pair silently ends every push).
 */
export const SECRET_FILES = {
  'jwt-secret': (v: string) => [`JWT_SECRET=${v}`],
  'payment-webhook-secret': (v: string) => [`PAYMENT_WEBHOOK_SECRET=${v}`],
  'vapid-keys.json': (v: string) => {
    const keys = JSON.parse(v) as { publicKey: string; privateKey: string };
    return [`VAPID_PUBLIC_KEY=${keys.publicKey}`, `VAPID_PRIVATE_KEY=${keys.privateKey}`];
  },
} as const;
type SecretFile = keyof typeof SECRET_FILES;

const SECRET_LINE = /^-- privileges-secret: ([a-z.-]+) (\S+)$/gm;

export interface Backup {
  /** The SQL dump (pg_dump, INSERT statements): loads into a fresh PGlite or PostgreSQL. */
  sql: string;
  secrets: Partial<Record<SecretFile, string>>;
}

/**
 * One file: SQL comments naming what it is and carrying the secrets, then the dump; gzip. psql and
 * PGlite skip the comments, so `gunzip -c file | psql` loads it as it is.
 */
export const encodeBackup = (b: Backup, about: string): Buffer => {
  const header = [
    `-- Privileges backup: ${about}`,
    '-- Restore: npm run restore -- <this file>   Move to PostgreSQL: npm run db:to-postgres -- <this file>',
    '-- It holds the secrets below: keep it as private as the data folder.',
    ...Object.entries(b.secrets).map(([name, value]) => `-- privileges-secret: ${name} ${value}`),
    '',
  ].join('\n');
  return gzipSync(`${header}\n${b.sql}`);
};

export const decodeBackup = (file: Buffer): Backup => {
  // gzip starts with 1f 8b; a file someone gunzipped by hand is read as it is.
  const text = (file[0] === 0x1f && file[1] === 0x8b ? gunzipSync(file) : file).toString('utf8');
  if (!text.startsWith('-- Privileges backup')) throw new Error('not a Privileges backup file');
  const secrets: Backup['secrets'] = {};
  const head = text.slice(0, text.indexOf('\n\n'));
  for (const [, name, value] of head.matchAll(SECRET_LINE))
    if (name && name in SECRET_FILES) secrets[name as SecretFile] = value;
  return { sql: text, secrets };
};

const readSecrets = (dataDir: string): Backup['secrets'] => {
  const secrets: Backup['secrets'] = {};
  for (const name of Object.keys(SECRET_FILES) as SecretFile[]) {
    const file = join(dataDir, name);
    if (existsSync(file)) secrets[name] = readFileSync(file, 'utf8').trim();
  }
  return secrets;
};

/** 2026-11-26T17-40-05Z: sorts by time and is a valid file name everywhere. */
const stamp = (now = new Date()) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

export interface BackupResult {
  file: string;
  /** true: the running server made the dump; false: the folder was opened here (no server ran). */
  online: boolean;
  bytes: number;
}

/**
 * Backs up the embedded database in `dataDir` into `outDir` (default `<dataDir>/backups`). With a
 * server running, it asks that server over the folder's socket (only the lock holder may open the
 * database); otherwise it takes the lock itself and opens the folder.
 */
export const makeBackup = async (dataDirIn: string, outDir?: string): Promise<BackupResult> => {
  const dataDir = resolve(dataDirIn);
  if (!existsSync(join(dataDir, 'pglite'))) throw new Error(`no embedded database in ${dataDir}/pglite`);
  let sql: string;
  let online = false;
  let unlock: (() => void) | undefined;
  try {
    unlock = lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
  }
  if (unlock) {
    try {
      const pglite = await createEmbeddedPGlite(join(dataDir, 'pglite'));
      try {
        sql = await dumpSql(pglite);
      } finally {
        await pglite.close();
      }
    } finally {
      unlock();
    }
  } else {
    sql = await requestBackup(dataDir).catch((err: unknown) => {
      throw new Error(
        `a server holds ${dataDir} but its backup socket did not answer (${err instanceof Error ? err.message : String(err)})`,
      );
    });
    online = true;
  }
  const out = resolve(outDir ?? join(dataDir, 'backups'));
  mkdirSync(out, { recursive: true });
  const file = join(out, `privileges-${stamp()}.sql.gz`);
  const bytes = encodeBackup(
    { sql, secrets: readSecrets(dataDir) },
    `${new Date().toISOString()} of ${dataDir} (${online ? 'made by the running server' : 'no server was running'})`,
  );
  writeFileSync(file, bytes, { mode: 0o600 });
  return { file, online, bytes: bytes.length };
};

export interface RestoreResult {
  /** Where the database and secrets that were there went (nothing is deleted). */
  movedAside: string[];
  secretsRestored: SecretFile[];
}

/**
 * Replaces the embedded database in `dataDir` with the backup's. Refuses while a server holds the
 * folder (DataDirInUseError). Loads into a new folder first, so a failed load changes nothing; then
 * moves the old database and secrets aside (`*.before-restore-<time>`) and puts the new ones in place.
 */
export const restoreBackup = async (dataDirIn: string, backupFile: string): Promise<RestoreResult> => {
  const dataDir = resolve(dataDirIn);
  const backup = decodeBackup(readFileSync(backupFile));
  const unlock = lockDataDir(dataDir);
  try {
    const when = stamp();
    const loading = join(dataDir, `pglite.restoring-${when}`);
    try {
      const pglite = await createEmbeddedPGlite(loading);
      try {
        await pglite.exec(backup.sql);
        await pglite.exec('checkpoint');
      } finally {
        await pglite.close();
      }
    } catch (err) {
      rmSync(loading, { recursive: true, force: true });
      throw err;
    }
    const movedAside: string[] = [];
    const aside = (name: string) => {
      const from = join(dataDir, name);
      if (!existsSync(from)) return;
      const to = `${from}.before-restore-${when}`;
      renameSync(from, to);
      movedAside.push(to);
    };
    aside('pglite');
    renameSync(loading, join(dataDir, 'pglite'));
    const secretsRestored: SecretFile[] = [];
    for (const [name, value] of Object.entries(backup.secrets) as [SecretFile, string][]) {
      aside(name);
      writeFileSync(join(dataDir, name), `${value}\n`, { mode: 0o600 });
      secretsRestored.push(name);
    }
    return { movedAside, secretsRestored };
  } finally {
    unlock();
  }
};

/** pg_dump of PGlite (PostgreSQL 17) sets parameters an older server does not know (transaction_timeout). */
const withoutUnknownSettings = (sql: string, known: Set<string>) =>
  sql.replace(/^SET ([a-z_]+) = .*;$/gm, (line, name: string) =>
    known.has(name) ? line : `-- skipped: ${line}`,
  );

export interface MoveResult {
  /** An env file with the backup's secrets, for every instance that now runs on PostgreSQL. */
  envFile: string | undefined;
  tables: number;
}

/**
 * Loads a backup into the PostgreSQL database at `databaseUrl`, which must be empty (a new database):
 * in one transaction, so a failure leaves it empty. The app started on it then finds every migration
 * applied. The secrets go to `<backup>.env` (mode 600), not into the database.
 */
export const loadIntoPostgres = async (backupFile: string, databaseUrl: string): Promise<MoveResult> => {
  const backup = decodeBackup(readFileSync(backupFile));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let tables: number;
  try {
    const existing = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(existing.rows[0]?.n) > 0)
      throw new Error(
        'the target database already has tables: load a backup into a new, empty database (createdb)',
      );
    const known = new Set(
      (await client.query<{ name: string }>('select name from pg_settings')).rows.map((r) => r.name),
    );
    // One simple-protocol query: PostgreSQL runs its statements as one implicit transaction.
    await client.query(withoutUnknownSettings(backup.sql, known));
    const count = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    tables = Number(count.rows[0]?.n);
  } finally {
    await client.end();
  }
  const lines = (Object.entries(backup.secrets) as [SecretFile, string][]).flatMap(([name, value]) =>
    SECRET_FILES[name](value),
  );
  let envFile: string | undefined;
  if (lines.length) {
    envFile = `${backupFile.replace(/\.sql(\.gz)?$/, '')}.env`;
    writeFileSync(envFile, `# secrets kept from ${basename(backupFile)}\n${lines.join('\n')}\n`, {
      mode: 0o600,
    });
  }
  return { envFile, tables };
};
