import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

/** Paths the API owns: never answered with the single-page app. */
const API_PREFIXES = [
  '/auth',
  '/bff',
  '/dev',
  '/docs',
  '/health',
  '/info',
  '/media',
  '/api',
  '/payments',
  '/sandbox',
];

const isApiPath = (path: string) =>
  API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`));
/** `/assets/app.js`, `/favicon.ico`: a missing file is a 404, not the app. */
const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path.split('/').pop() ?? '');

export interface WebApp {
  available: boolean;
  spaFallback: (req: FastifyRequest, reply: FastifyReply, path: string) => boolean;
}

/**
 * Serves the built web app (apps/web/dist): hashed /assets/* cached for a year, everything else —
 * index.html above all — revalidated on every visit so a deploy is picked up at once. Precompressed
 * .br/.gz files are used when the build wrote them; @fastify/compress covers the rest. Any other GET of
 * a non-API path (/home, /th/home, /signin?redirect=…) gets index.html: the client router takes over.
 */
export const registerWebApp = async (app: FastifyInstance, webDist: string): Promise<WebApp> => {
  const available = existsSync(join(webDist, 'index.html'));
  if (available) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false, // one route per built file; unknown paths reach the not-found handler (SPA fallback)
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const spaFallback = (req: FastifyRequest, reply: FastifyReply, path: string): boolean => {
    if (isApiPath(path) || looksLikeFile(path)) return false;
    if (!available) {
      sendError(req, reply, 404, 'not_found', {
        message: `The web app is not built (no ${join(webDist, 'index.html')}). Run "npm run build", or "npm start" which builds it.`,
      });
      return true;
    }
    reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
  return { available, spaFallback };
};
