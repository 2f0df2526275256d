import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError, LOCK_FILE } from './db/data-dir-lock.ts';
import { databaseKind, openDatabase } from './db/database.ts';
import { seedDemoCatalogue } from './db/demo/seed.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { ZodApp } from './http/zod-app.ts';
import { ensureDevOwner } from './modules/admin/index.ts';

/**
 * How long requests in flight get after a stop signal before their connections are cut. Running jobs
 * get their own few seconds after that (jobs.stop), so a stop ends well within the 30 s or more a
 * supervisor usually waits before SIGKILL (systemd 90 s; give `docker stop` a `--time` of 30).
 */
const REQUESTS_GRACE_MS = 10_000;
/** Past this, the stop gives up waiting on anything and exits 1: a stuck close must not hang a deploy. */
const STOP_DEADLINE_MS = 25_000;

type Log = (msg: string, extra?: object) => void;

let app: ZodApp | undefined;
/** Makes the responses in flight close their connections (set once the server exists). */
let closeConnectionsAfterResponses = () => {};
let stopping: Promise<void> | undefined;
let stopNow: ((reason: string) => void) | undefined;
const pendingSignal: { reason?: string } = {};

// Before the app (and its logger) exists, steps are plain lines; after, they go through its log.
const info: Log = (msg, extra) => (app ? app.log.info(extra ?? {}, msg) : process.stdout.write(`${msg}\n`));
const warn: Log = (msg, extra) => (app ? app.log.warn(extra ?? {}, msg) : process.stderr.write(`${msg}\n`));

/**
 * npm passes the signals it gets on to the server, so a signal to the process group (a terminal's
 * Ctrl-C, a supervisor) arrives twice within milliseconds: a repeat this soon is the same request.
 */
const SAME_SIGNAL_MS = 2000;
let firstSignalAt = 0;

/**
 * SIGTERM (supervisors, container runtimes, `kill`) and SIGINT (Ctrl-C) both stop gracefully. One that
 * arrives while the server is still starting is kept and acted on at the next step of the start. Another
 * signal later during the stop means "now": exit at once (the data-folder lock goes with the process).
 */
const onSignal = (signal: NodeJS.Signals) => {
  if (stopping || pendingSignal.reason) {
    if (Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
    warn(`${signal} again: exiting now without finishing the stop`);
    process.exit(1);
  }
  firstSignalAt = Date.now();
  info(`${signal}: shutting down`);
  if (stopNow) stopNow(signal);
  else pendingSignal.reason = signal;
};
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);

/**
 * Node's close() ends only the connections idle at that moment: a keep-alive client whose request was in
 * flight would keep its connection, and hold the stop until the grace runs out. During a stop, responses
 * not yet begun say `Connection: close`, and any connection left idle by a finished response is closed.
 */
const keepNoConnectionsOnStop = (server: Server) => {
  const responses = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    responses.add(res);
    res.once('close', () => responses.delete(res));
    res.once('finish', () => {
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });
  return () => {
    for (const res of responses) if (!res.headersSent) res.shouldKeepAlive = false;
  };
};

/** Reads the environment, migrates the database, listens; prints where things are. */
const main = async () => {
  const config = loadConfig();
  const kind = databaseKind(config);
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const lockFile = kind === 'pglite' ? join(config.dataDir, LOCK_FILE) : undefined;

  /** Closes whatever has been opened, in order, logging each step; then exits with `code`. */
  const stop = async (code: number) => {
    const deadline = setTimeout(() => {
      warn(`the stop did not finish within ${STOP_DEADLINE_MS / 1000} s: exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    if (app) {
      const server = app.server;
      let cut = false;
      const force = setTimeout(() => {
        warn(`requests still running after ${REQUESTS_GRACE_MS / 1000} s: closing their connections`);
        cut = true;
        server.closeAllConnections();
      }, REQUESTS_GRACE_MS);
      force.unref();
      server.once('close', () => {
        clearTimeout(force);
        info(cut ? 'HTTP server closed' : 'every request in flight answered; HTTP server closed');
      });
      const open = await new Promise<number>((resolve) =>
        server.getConnections((err, count) => resolve(err ? 0 : count)),
      );
      closeConnectionsAfterResponses();
      info('no longer accepting connections; waiting for requests in flight', { openConnections: open });
      // Closes the listener and idle keep-alive connections, waits for the requests in flight, then runs
      // the onClose hooks: the job workers stop taking jobs and running ones get a few seconds (a job
      // still running after that stays claimed and is retried once its lease expires).
      await app.close();
      info('job workers stopped');
    }
    await db.destroy();
    info(kind === 'pglite' ? 'database closed' : 'database connections closed');
    if (lockFile) {
      if (existsSync(lockFile)) warn(`data folder lock ${lockFile} is still there`);
      else info('data folder lock released', { lockFile });
    }
    info('stopped');
    clearTimeout(deadline);
    process.exit(code);
  };
  const stopRequested = () => {
    if (!pendingSignal.reason) return false;
    stopping ??= stop(0);
    return true;
  };

  await migrateToLatest(db);
  if (stopRequested()) return;
  // Only into an empty catalogue: data already there (a restart, or real data) is never touched.
  const demo = config.demoData ? await seedDemoCatalogue(db, new Date()) : undefined;
  if (stopRequested()) return;

  app = await buildApp(config, { db });
  // Development only: the first owner, so the back office can be tried at once (production: admin:create-owner).
  const devOwner = config.nodeEnv === 'development' ? await ensureDevOwner(db, () => new Date()) : undefined;
  closeConnectionsAfterResponses = keepNoConnectionsOnStop(app.server);
  if (stopRequested()) return;
  await app.listen({ port: config.port, host: config.host });
  if (stopRequested()) return;
  stopNow = () => void (stopping ??= stop(0));
  // A bug that escapes every handler: say what it was, then stop as for a signal, exiting 1.
  const crash = (err: unknown) => {
    app?.log.fatal({ err }, 'uncaught error: shutting down');
    stopping ??= stop(1);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  const where =
    kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/pglite`;
  const mail = config.smtpUrl
    ? `sign-in codes are e-mailed through ${new URL(config.smtpUrl).host} (SMTP_URL)`
    : `sign-in codes are printed here and listed at ${url}/dev/mailbox`;
  const catalogue = !demo
    ? 'demo catalogue off (DEMO_DATA)'
    : demo.seeded
      ? `demo catalogue loaded: ${demo.counts.vouchers} vouchers, ${demo.counts.privileges} privileges, ${demo.counts.merchants} stores`
      : `catalogue: ${demo.counts.vouchers} vouchers, ${demo.counts.privileges} privileges (already there, not re-seeded)`;
  const lines = [
    '',
    `  Privileges is running at ${url}`,
    `  database: ${where}`,
    `  ${catalogue}`,
    `  mail: ${mail}`,
    ...(config.apiDocs ? [`  API docs: ${url}/docs`] : []),
    devOwner && devOwner.outcome !== 'owner_exists'
      ? `  back office: open ${url}/admin and sign in as ${devOwner.staff.email} — the code is ${config.smtpUrl ? 'e-mailed' : `in the dev mailbox (${url}/dev/mailbox)`}, then scan the QR code shown with an authenticator app`
      : `  back office: ${url}/admin`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
};

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError)
    process.stderr.write(`${err.message}\n`);
  else
    process.stderr.write(
      `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  process.exit(1);
});
