import { chmodSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { resolve } from 'node:path';

/**
 * The Unix socket in DATA_DIR through which `npm run backup` asks the running server for a dump. Only
 * the server holding the data folder can read its database (the folder's lock); the socket is a file
 * in that folder, readable and writable by its owner only, so whoever may use it could read the
 * database files anyway — no token is needed and nothing listens on the network.
 */
export const CONTROL_SOCKET = 'pglite.sock';

/** Linux caps a socket path at 107 bytes; a deeper DATA_DIR serves no online backups. */
const MAX_SOCKET_PATH = 107;

export const controlSocketPath = (dataDir: string) => resolve(dataDir, CONTROL_SOCKET);

export interface ControlSocket {
  path: string;
  close: () => Promise<void>;
}

/**
 * Serves `GET /backup` (the SQL dump `backup` makes) on the data folder's socket. Call it only while
 * holding the folder's lock: a socket file left by a killed owner is replaced.
 */
export const listenControlSocket = async (
  dataDir: string,
  backup: () => Promise<string>,
): Promise<ControlSocket | undefined> => {
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) return undefined;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    backup().then(
      (dump) => {
        res.writeHead(200, { 'content-type': 'application/sql; charset=utf-8' }).end(dump);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(err instanceof Error ? err.message : String(err));
      },
    );
  });
  rmSync(path, { force: true });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      done();
    });
  });
  chmodSync(path, 0o600);
  server.unref(); // a server waiting for backups does not keep the process alive
  return {
    path,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
        rmSync(path, { force: true });
      }),
  };
};

/** Asks the server owning `dataDir` for a dump over its socket; rejects when nothing answers there. */
export const requestBackup = (dataDir: string): Promise<string> =>
  new Promise((done, fail) => {
    const req = request({ socketPath: controlSocketPath(dataDir), path: '/backup', method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', fail);
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) done(body);
        else fail(new Error(`the running server could not make a backup (${res.statusCode}): ${body}`));
      });
    });
    req.on('error', fail);
    req.end();
  });
