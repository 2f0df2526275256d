import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { databaseKind, openDatabase } from './db/database.ts';
import { seedDemoCatalogue } from './db/demo/seed.ts';
import { migrateToLatest } from './db/migrate.ts';

/** Reads the environment, migrates the database, listens; prints where things are. */
const main = async () => {
  const config = loadConfig();
  const kind = databaseKind(config);
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  // Only into an empty catalogue: data already there (a restart, or real data) is never touched.
  const demo = config.demoData ? await seedDemoCatalogue(db, new Date()) : undefined;

  const app = await buildApp(config, { db });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    // Also stops the job workers, giving running jobs a few seconds.
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
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
