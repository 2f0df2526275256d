import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

/** The back office's own address space: its pages and files. /admin/api is the API's. */
export const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');
const isAdminApiPath = (path: string) => path === '/admin/api' || path.startsWith('/admin/api/');
const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path.split('/').pop() ?? '');

/**
 * The back office's policy: stricter than the member app's. Its page has no inline script at all, so
 * only its own files run (the member page's inline-script hashes are not allowed here); styles as the
 * member app (antd writes <style> at run time); the authenticator QR code is inline SVG.
 * 'wasm-unsafe-eval' lets the counter screen compile its own WebAssembly code reader (ZXing, one of the
 * app's built files: script-src still admits this origin's files only); it allows no eval of JavaScript.
 */
export const adminContentSecurityPolicy = (tls: boolean): string =>
  [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(tls ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

export interface AdminWebApp {
  available: boolean;
  /** Answers every GET of /admin and /admin/* (not /admin/api); false for any other path. */
  spaFallback: (req: FastifyRequest, reply: FastifyReply, path: string) => Promise<boolean>;
}

/**
 * Serves the built back office (apps/admin/dist) under /admin: its hashed /admin/assets/* cached for a
 * year, its index.html for /admin and every client route below it (/admin/members/…), revalidated on
 * each visit so a deploy shows at once. Registered before the member app, whose fallback never sees an
 * /admin path (app.ts sends those here only): a mistyped back-office address never gets the member app.
 */
export const registerAdminWebApp = async (
  app: FastifyInstance,
  { dist, tls }: { dist: string; tls: boolean },
): Promise<AdminWebApp> => {
  const indexFile = join(dist, 'index.html');
  const available = existsSync(indexFile);
  const csp = adminContentSecurityPolicy(tls);
  // Read once: a deploy restarts the process, and the page is a few hundred bytes.
  const index = available ? readFileSync(indexFile, 'utf8') : '';

  if (available && existsSync(join(dist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(dist, 'assets'),
      prefix: '/admin/assets/',
      wildcard: false, // one route per built file: an unknown file is a 404, not the page
      decorateReply: false, // the member app's registration owns reply.sendFile
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.header('content-security-policy', csp);
      },
    });
  }

  const spaFallback = async (req: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> => {
    if (!isAdminPath(path) || isAdminApiPath(path)) return false;
    if (looksLikeFile(path)) {
      sendError(req, reply, 404, 'not_found');
      return true;
    }
    if (!available) {
      sendError(req, reply, 404, 'not_found', {
        message: `The back office is not built (no ${indexFile}). Run "npm run build", or "npm start" which builds it.`,
      });
      return true;
    }
    await reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      // The staff pages are never indexed, whatever a crawler finds.
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(index);
    return true;
  };
  return { available, spaFallback };
};
