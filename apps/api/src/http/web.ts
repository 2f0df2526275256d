import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueChanges } from '../modules/catalogue/index.ts';
import { sendError } from './errors.ts';
import { createFirstViewCache, sentPage, type Encoding, type SentPage } from './first-view-cache.ts';
import { loadFirstViewPages } from './first-view.ts';

/** Paths the API owns: never answered with the single-page app. */
const API_PREFIXES = [
  '/admin/api',
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
/**
 * The web app's signed-in hint (apps/web/src/shared/api/tokens.ts): not a credential, only "a member's
 * tokens are stored in this browser", so the page is their layout rather than the visitor's.
 */
const MEMBER_HINT = /(?:^|;\s*)member=1(?:;|$)/;
const signedInHint = (req: FastifyRequest) => MEMBER_HINT.test(req.headers.cookie ?? '');

/** `/assets/app.js`, `/icons/icon.png`: a missing file is a 404, not the app. */
const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path.split('/').pop() ?? '');

/**
 * A Thai page links the Thai web app manifest (its name, its start at /th/home): installing from it
 * installs the Thai app. The build links the English one; the app itself follows a language change.
 */
const withLanguageManifest = (path: string, page: string) =>
  /^\/th(\/|$)/.test(path) ? page.replace('/manifest-en.webmanifest', '/manifest-th.webmanifest') : page;

/** The encoding a page is sent in: what the browser accepts, brotli first. */
const encodingFor = (req: FastifyRequest): Encoding => {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
};

/** If-None-Match names the page's validator (weak comparison: `W/` aside, or `*`). */
const matches = (req: FastifyRequest, etag: string) => {
  const given = req.headers['if-none-match'];
  if (!given) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return given.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
};

/**
 * A rendered page, compressed here (the compress plugin does not reach the not-found handler), with
 * its validator: a browser holding the same page gets a 304 and no body.
 */
async function sendPage(req: FastifyRequest, reply: FastifyReply, page: SentPage): Promise<void> {
  reply.header('vary', 'accept-encoding, cookie').header('etag', page.etag);
  if (matches(req, page.etag)) {
    await reply.code(304).send();
    return;
  }
  const encoding = encodingFor(req);
  reply.type('text/html; charset=utf-8');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  await reply.send(await page.body(encoding));
}

export interface WebApp {
  available: boolean;
  spaFallback: (req: FastifyRequest, reply: FastifyReply, path: string) => Promise<boolean>;
}

/**
 * CSP sources for index.html's inline scripts (the gate that decides, before the first paint, whether
 * the server's markup or the boot screen shows): each allowed by its hash, nothing else inline.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Serves the built web app (apps/web/dist): hashed /assets/* cached for a year, everything else —
 * index.html above all — revalidated on every visit so a deploy is picked up at once. Precompressed
 * .br/.gz files are used when the build wrote them; @fastify/compress covers the rest. Any other GET of
 * a non-API path (/home, /th/home, /signin?redirect=…) gets index.html: the client router takes over.
 */
export const registerWebApp = async (
  app: FastifyInstance,
  webDist: string,
  catalogue?: CatalogueChanges,
): Promise<WebApp> => {
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

  const firstViews = available ? await loadFirstViewPages(app, webDist) : null;
  // Visitors' pages kept by the catalogue's generations; without them (no catalogue) each is made anew.
  const kept = createFirstViewCache(() => catalogue?.freshness);

  /** The page for `req`: a member's made for them, a visitor's kept by its address while the catalogue is unchanged. */
  const pageFor = async (req: FastifyRequest, path: string): Promise<SentPage | null> => {
    if (!firstViews) return null;
    const member = signedInHint(req);
    const make = async () => {
      const made = await firstViews.page(req.url, { member });
      return made && { html: withLanguageManifest(path, made.html), keep: made.keep && !member };
    };
    const address = member ? null : firstViews.addressOf(req.url);
    if (address === null) return make().then((made) => made && sentPage(made.html));
    return kept.page(address, make);
  };

  const spaFallback = async (req: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> => {
    if (isApiPath(path) || looksLikeFile(path)) return false;
    if (!available) {
      sendError(req, reply, 404, 'not_found', {
        message: `The web app is not built (no ${join(webDist, 'index.html')}). Run "npm run build", or "npm start" which builds it.`,
      });
      return true;
    }
    // The page depends on the signed-in hint: a cache must not hand a member's layout to a visitor.
    reply.header('cache-control', 'no-cache').header('vary', 'cookie');
    const page = req.method === 'GET' ? await pageFor(req, path) : null;
    if (page) await sendPage(req, reply, page);
    else await reply.sendFile('index.html');
    return true;
  };
  return { available, spaFallback };
};
