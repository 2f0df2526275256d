import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupEmbedded, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { CHILD_TEST_TIMEOUT, spawnTs, stopChild, type Child } from './helpers/child-process.ts';
import { waitFor } from './helpers/test-database.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const script = (name: string) => fileURLToPath(new URL(`../../../scripts/db/${name}.ts`, import.meta.url));

/** Runs one of the scripts/db CLIs as `npm run …` would (tsx, repository root). */
const run = (name: string, args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script(name), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => void (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => void (stderr += c.toString('utf8')));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Server {
  child: Child;
  base: string;
}

const startServer = async (env: Record<string, string>): Promise<Server> => {
  const port = await freePort();
  const child = spawnTs(SERVER, {
    DATABASE_URL: '',
    JWT_SECRET: '',
    PAYMENT_WEBHOOK_SECRET: '',
    DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    ...env,
    PORT: String(port),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.process.exitCode !== null) throw new Error(`server exited: ${child.stderr()}`);
      return fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    90_000,
    'the server',
  );
  return { child, base };
};

const post = (base: string, path: string, body: unknown) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Signs a member in over HTTP, reading the code from the dev mailbox; the access token. */
const signIn = async (base: string, email: string): Promise<string> => {
  expect((await post(base, '/auth/otp/send-otp', { email })).status).toBe(200);
  const mails = (await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as {
    data: { text: string }[];
  };
  const code = /^(\d{6})$/m.exec(mails.data[0]?.text ?? '')?.[1];
  const login = await post(base, '/auth/login', { email, otp: code });
  expect(login.status).toBe(200);
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
};

const profile = (base: string, token: string) =>
  fetch(`${base}/auth/users/profile`, { headers: { authorization: `Bearer ${token}` } });

const emailOf = async (res: Response) => ((await res.json()) as { data: { email: string } }).data.email;

describe('backup of the running embedded database (in process)', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  it('waits for an open transaction, dumps what it committed, and leaves the session usable', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const started = new Promise<void>((r) => (inside = r));
    const tx = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('member')
        .values({
          email: 'in.flight@example.com',
          language: 'en',
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      inside();
      await held;
    });
    await started;
    const dump = backupEmbedded(db);
    setTimeout(release, 200);
    const text = await dump;
    await tx;
    // Taken after the commit, never in the middle of it.
    expect(text).toContain('in.flight@example.com');
    expect(text).toContain('CREATE TABLE public.member');
    // pg_dump leaves a transaction and session settings behind in the one session; they are undone.
    const after = await sql<{ path: string; digits: string }>`
      select current_setting('search_path') as path, current_setting('extra_float_digits') as digits`.execute(
      db,
    );
    expect(after.rows[0]).toEqual({ path: 'public', digits: '1' });
    const count = await db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('npm run backup / restore / db:to-postgres (server processes)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'db-backup-'));
  const outDir = join(dataDir, 'out');
  const keptEmail = `kept.${randomBytes(3).toString('hex')}@example.com`;
  let server: Server | undefined;
  let keptToken = '';
  let backupFile = '';

  afterAll(async () => {
    await stopChild(server?.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'backs up while the server runs and serves: one file with the dump and the secrets',
    async () => {
      server = await startServer({ DATA_DIR: dataDir });
      keptToken = await signIn(server.base, keptEmail);
      const { base } = server;
      // Members signing in while the dump is taken: they wait for it, nothing fails.
      const during = Promise.all([1, 2, 3].map((i) => signIn(base, `during.${i}.${keptEmail}`)));
      const res = await run('backup', [outDir], { DATA_DIR: dataDir });
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('made by the running server');
      await during;
      const files = readdirSync(outDir).filter((f) => /^privileges-.*\.sql\.gz$/.test(f));
      expect(files).toHaveLength(1);
      backupFile = join(outDir, files[0]!);
      const text = gunzipSync(readFileSync(backupFile)).toString('utf8');
      expect(text).toContain(keptEmail);
      expect(text).toContain(
        `-- privileges-secret: jwt-secret ${readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()}`,
      );
      expect(text).toContain('-- privileges-secret: payment-webhook-secret ');
      expect(text).toContain(
        `-- privileges-secret: vapid-keys.json ${readFileSync(join(dataDir, 'vapid-keys.json'), 'utf8').trim()}`,
      );
      // The server's one session is fine after the dump.
      const after = await profile(base, keptToken);
      expect(after.status).toBe(200);
      expect(await emailOf(after)).toBe(keptEmail);
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'restore refuses while the server runs, then restores after a stop: data and sessions kept, the old folder aside',
    async () => {
      const refused = await run('restore', [backupFile], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Stop the server first');
      // Made after the backup: not in the restored database.
      const lateToken = await signIn(server!.base, `late.${keptEmail}`);
      await stopChild(server!.child, 20_000);

      const restored = await run('restore', [backupFile], { DATA_DIR: dataDir });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(readdirSync(dataDir).some((f) => f.startsWith('pglite.before-restore-'))).toBe(true);

      server = await startServer({ DATA_DIR: dataDir });
      const kept = await profile(server.base, keptToken); // signed with the restored JWT secret
      expect(kept.status).toBe(200);
      expect(await emailOf(kept)).toBe(keptEmail);
      expect((await profile(server.base, lateToken)).status).not.toBe(200);
      await stopChild(server.child, 20_000);
      server = undefined;
    },
    CHILD_TEST_TIMEOUT * 2,
  );

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!pgUrl)(
    'moves to PostgreSQL: loads into a new database, where the app starts migrated and the old session works',
    async () => {
      const name = `move_${randomBytes(4).toString('hex')}`;
      const admin = async (text: string) => {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        try {
          await c.query(text);
        } finally {
          await c.end();
        }
      };
      const url = new URL(pgUrl!);
      url.pathname = `/${name}`;
      url.search = '';
      await admin(`create database ${name}`);
      const elsewhere = mkdtempSync(join(tmpdir(), 'db-moved-'));
      try {
        const moved = await run('to-postgres', [backupFile], { DATABASE_URL: url.toString() });
        expect(moved.stderr).toBe('');
        expect(moved.code).toBe(0);
        const envFile = backupFile.replace(/\.sql\.gz$/, '.env');
        expect(existsSync(envFile)).toBe(true);
        const secrets = Object.fromEntries(
          readFileSync(envFile, 'utf8')
            .split('\n')
            .filter((l) => /^[A-Z_]+=/.test(l))
            .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
        ) as Record<string, string>;
        expect(Object.keys(secrets).sort()).toEqual([
          'JWT_SECRET',
          'PAYMENT_WEBHOOK_SECRET',
          'VAPID_PRIVATE_KEY',
          'VAPID_PUBLIC_KEY',
        ]);
        // Members' devices stay subscribed: the same VAPID pair as the folder the backup came from.
        const vapid = JSON.parse(readFileSync(join(dataDir, 'vapid-keys.json'), 'utf8')) as {
          publicKey: string;
          privateKey: string;
        };
        expect([secrets.VAPID_PUBLIC_KEY, secrets.VAPID_PRIVATE_KEY]).toEqual([
          vapid.publicKey,
          vapid.privateKey,
        ]);

        // A second load into the now full database is refused, not doubled.
        const again = await run('to-postgres', [backupFile], { DATABASE_URL: url.toString() });
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('already has tables');

        // Another data folder: the secrets can only come from the environment.
        server = await startServer({ DATA_DIR: elsewhere, DATABASE_URL: url.toString(), ...secrets });
        const kept = await profile(server.base, keptToken);
        expect(kept.status).toBe(200);
        expect(await emailOf(kept)).toBe(keptEmail);
        // Writes work too (the sequences and pg-boss's schema came along).
        await signIn(server.base, `new.on.pg.${keptEmail}`);
        await stopChild(server.child, 20_000);
        server = undefined;
      } finally {
        rmSync(elsewhere, { recursive: true, force: true });
        await admin(`drop database if exists ${name} with (force)`);
      }
    },
    CHILD_TEST_TIMEOUT * 2,
  );
});
