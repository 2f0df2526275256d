import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.ts';
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

/**
 * A fresh, migrated database without the HTTP app: in-memory PGlite, or with TEST_DATABASE_URL a schema
 * of its own on that server. `close` drops the schema and the job queue's schema beside it
 * (`<schema>_jobs`).
 */
export const openTestDatabase = async (): Promise<TestDatabase> => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
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
