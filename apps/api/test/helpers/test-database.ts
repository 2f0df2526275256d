import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { dumpEmbedded, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';

export interface TestDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: a URL whose connections see this database's schema (for child processes). */
  url?: string;
  close: () => Promise<void>;
}

const admin = async (url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};

/** A URL that puts a connection in `schema`, as DATABASE_URL for a child process. */
export const urlWithSchema = (url: string, schema: string) => {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
};

const migrationsDir = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
const templateCache = fileURLToPath(new URL('../../../../node_modules/.cache/test-pglite/', import.meta.url));
let template: Promise<Blob> | undefined;

/**
 * An embedded database with every migration applied, as a tarball: a copy opens in about half the
 * time initialising an empty one takes, and the suites open a hundred or so. Made once and kept on
 * disk under a hash of the migrations' source, so every test file (each has its own module graph)
 * shares it and a changed migration makes a new one.
 */
const migratedTemplate = () =>
  (template ??= (async () => {
    const hash = createHash('sha256');
    for (const name of readdirSync(migrationsDir).sort())
      hash.update(name).update(readFileSync(migrationsDir + name));
    const file = join(templateCache, `${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) {
      try {
        return new Blob([readFileSync(file)]);
      } catch {
        // Removed meanwhile by a worker that saw other migrations: make it again.
      }
    }
    const db = openDatabase({ dataDir: 'memory://' });
    try {
      await migrateToLatest(db);
      const dump = await dumpEmbedded(db);
      // Written under a name of its own, then renamed: parallel workers never read half a file.
      mkdirSync(templateCache, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      for (const old of readdirSync(templateCache))
        if (old.endsWith('.tar') && join(templateCache, old) !== file)
          rmSync(join(templateCache, old), { force: true });
      return dump;
    } finally {
      await db.destroy();
    }
  })());

/**
 * A fresh, migrated database without the HTTP app: in-memory PGlite, or with TEST_DATABASE_URL a schema
 * of its own on that server. `close` drops the schema and the job queue's schema beside it
 * (`<schema>_jobs`).
 */
export const openTestDatabase = async (): Promise<TestDatabase> => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = openDatabase({ dataDir: 'memory://', loadDataDir: await migratedTemplate() });
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await admin(url, `create schema ${schema}`);
  const db = openDatabase({ databaseUrl: url, dataDir: 'memory://', searchPath: schema, poolSize: 4 });
  const close = async () => {
    await db.destroy();
    await admin(url, `drop schema if exists ${schema} cascade; drop schema if exists ${schema}_jobs cascade`);
  };
  try {
    await migrateToLatest(db);
  } catch (err) {
    await close();
    throw err;
  }
  return { db, kind: 'postgres', url: urlWithSchema(url, schema), close };
};

/** Polls `check` until it returns true; fails after `timeoutMs`. */
export const waitFor = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
