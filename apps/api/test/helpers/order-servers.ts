import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { spawnTs, stopChild, type Child } from './child-process.ts';
import { openTestDatabase } from './test-database.ts';

const SERVER = fileURLToPath(new URL('../fixtures/order-server.ts', import.meta.url));

export type Json = { success: boolean; data?: unknown; code?: string };

export interface DemoVoucher {
  id: string;
  price: number;
  hasPriceOptions: boolean;
  remaining: number | null;
  unavailableReason: string | null;
  eligible: boolean;
}

/**
 * Servers of the order fixture (tests that kill a process and start another on the same data): one
 * data folder, or one PostgreSQL schema with TEST_DATABASE_URL, shared by every server started, and a
 * member's calls to whichever of them runs. `close()` stops the servers and removes what was made.
 */
export const orderServers = async (prefix: string) => {
  const children: Child[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn' };
  let pgDb: Kysely<Database> | undefined;
  let closeDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const t = await openTestDatabase();
    pgDb = t.db;
    closeDatabase = t.close;
    env.DATABASE_URL = t.url!;
  } else env.DATABASE_URL = '';

  const start = async (extra: Record<string, string> = {}) => {
    const child = spawnTs(SERVER, { ...env, ...extra });
    children.push(child);
    const line = await child.waitForLine((l) => l.event === 'listening', 90_000, 'the server listening');
    return { child, base: `http://127.0.0.1:${String(line.port)}` };
  };

  let token = '';
  const call = async (base: string, method: string, path: string, body?: unknown): Promise<Json> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Json;
  };

  /** Signs a new member in on `base` (the code from the dev mailbox); later calls carry their token. */
  const signIn = async (base: string, email: string) => {
    await call(base, 'POST', '/auth/otp/send-otp', { email });
    const mails = (await call(base, 'GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`)).data as {
      text: string;
    }[];
    const otp = /^(\d{6})$/m.exec(mails[0]?.text ?? '')?.[1];
    token = ((await call(base, 'POST', '/auth/login', { email, otp })).data as { accessToken: string })
      .accessToken;
  };

  /** The demo vouchers this member may buy now, without options, at a price: `fits` picks one. */
  const demoVoucher = async (base: string, fits: (v: DemoVoucher) => boolean) => {
    const list = (await call(base, 'GET', '/bff/vouchers?limit=100')).data as { items: DemoVoucher[] };
    return list.items.find(
      (v) => !v.unavailableReason && v.eligible && !v.hasPriceOptions && v.price > 0 && fits(v),
    );
  };

  const close = async () => {
    await Promise.all(children.splice(0).map((c) => stopChild(c)));
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };

  return { dataDir, pgDb, start, call, signIn, demoVoucher, close };
};

export type OrderServers = Awaited<ReturnType<typeof orderServers>>;
