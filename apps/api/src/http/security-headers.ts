import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * The web app's policy. Tokens live in local storage, so any script that runs on this origin can take
 * them: only the app's own files and index.html's one inline script (allowed by its hash) may run,
 * nothing may be framed or frame us, and the page talks to this origin alone.
 *
 * Styles allow 'unsafe-inline': antd's CSS-in-JS writes <style> tags at run time, and although it
 * accepts a nonce, parts of antd 6 that create their own <style> (the scroll lock under every modal,
 * the scrollbar measurement) ignore it, so a nonce would break every dialog. Hashes cannot cover styles
 * computed at run time. Injected CSS can restyle a page but cannot run script or read storage.
 */
const appDirectives = (tls: boolean, scriptHashes: string[]): Directives => ({
  'default-src': ["'self'"],
  'script-src': ["'self'", ...scriptHashes],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // blob: is the avatar preview before upload; pictures come from /media on this origin.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // Over plain HTTP (a phone on the LAN, the tests) upgrading would make every request fail.
  ...(tls ? { 'upgrade-insecure-requests': [] } : {}),
});

export interface SecurityHeaderOptions {
  /** Served over TLS (directly or behind a proxy): send HSTS and upgrade insecure requests. */
  hsts: boolean;
  /** `'sha256-…'` of each inline script the app's page carries (web.ts `inlineScriptHashes`). */
  scriptHashes?: string[];
}

/**
 * Content-Security-Policy, X-Frame-Options, nosniff, Referrer-Policy (and HSTS over TLS) on every
 * answer — the app's HTML and files, the API docs, API JSON and errors alike. Routes serving pictures
 * replace the policy with a stricter one of their own.
 */
export const registerSecurityHeaders = async (
  app: FastifyInstance,
  { hsts, scriptHashes = [] }: SecurityHeaderOptions,
): Promise<void> => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(hsts, scriptHashes) },
    xFrameOptions: { action: 'deny' },
    // Same-origin keeps the full address for our own logs; other sites learn nothing about the member.
    referrerPolicy: { policy: 'same-origin' },
    // A year, this host only: the operator decides about subdomains and preload lists.
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
};
