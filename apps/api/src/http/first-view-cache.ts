import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export type Encoding = 'br' | 'gzip' | 'identity';

/** A page as sent: its validator and its bytes in each encoding, each compressed once, when first asked. */
export interface SentPage {
  etag: string;
  body(encoding: Encoding): Promise<Buffer>;
}

/** A page as the renderer made it; `keep`: it may be sent again until the catalogue changes. */
export type MadePage = { html: string; keep: boolean };

/**
 * The catalogue's generations (modules/catalogue/freshness.ts): the same ones that keep the API's
 * catalogue answers, so a page is kept exactly as long as the answers it was made from would be.
 */
export interface CatalogueGenerations {
  current(): number;
  keeps(gen: number): boolean;
}

export interface FirstViewCache {
  /** The visitor's page at `address`: the kept one of this generation, else made by `make` (once for all asking). */
  page(address: string, make: () => Promise<MadePage | null>): Promise<SentPage | null>;
}

/**
 * A kept page is remade at least this often: its markup may depend on the clock ("ends today"), which
 * the renderer's own markup cache bounds by the same age.
 */
const MAX_AGE_MS = 60_000;
const MAX_PAGES = 500;
/** Characters of the pages' text; their compressed bytes are a fraction more. */
const MAX_CHARS = 64 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli at a middle quality: about as small as gzip's best for a fraction of brotli 11's time, paid
 * once per page and change rather than per request.
 */
const encode = async (html: string, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : encoding === 'gzip'
      ? gzipped(html)
      : Buffer.from(html);

/**
 * Weak: the same page compressed two ways is one validator. From the text, so another process (or this
 * one after a restart) that makes the same page answers the browser's copy with a 304 too.
 */
const etagOf = (html: string) =>
  `W/"fv-${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

export function sentPage(html: string): SentPage {
  const bodies = new Map<Encoding, Promise<Buffer>>();
  return {
    etag: etagOf(html),
    body(encoding) {
      let body = bodies.get(encoding);
      if (!body) {
        body = encode(html, encoding);
        bodies.set(encoding, body);
        body.catch(() => bodies.delete(encoding));
      }
      return body;
    },
  };
}

/**
 * Visitors' server-rendered pages, kept compressed by address (path with the language prefix, and the
 * query parts the screen reads) while the catalogue's generation is unchanged. A change — a price, stock
 * (every purchase), publish or unpublish, a banner — moves the generation: the next request remakes the
 * page from fresh answers, and when its text is what was kept (a purchase of a voucher the page does not
 * show) the kept bytes are sent again, not compressed anew. A page is kept only if it was made wholly in
 * one generation known to be current (`keeps` before and after), the rule the API's answer cache follows,
 * so a page made from answers read before a change is never kept after it. Member pages never come here.
 */
export function createFirstViewCache(generations: () => CatalogueGenerations | undefined): FirstViewCache {
  type Kept = { gen: number; page: SentPage };
  const kept = new LRUCache<string, Kept>({ max: MAX_PAGES, maxSize: MAX_CHARS, ttl: MAX_AGE_MS });
  const making = new Map<string, { gen: number; page: Promise<SentPage | null> }>();

  return {
    page(address, make) {
      const catalogue = generations();
      if (!catalogue) return make().then((made) => made && sentPage(made.html));
      const gen = catalogue.current();
      const hit = kept.get(address);
      if (hit?.gen === gen) return Promise.resolve(hit.page);
      // Only a making begun in this generation may be shared: one begun before a change may show the old data.
      const running = making.get(address);
      if (running?.gen === gen) return running.page;
      const keepable = catalogue.keeps(gen);
      const page = make()
        .then((made) => {
          if (!made) return null;
          const fresh = sentPage(made.html);
          const same = hit && hit.page.etag === fresh.etag ? hit.page : fresh;
          if (made.keep && keepable && catalogue.keeps(gen))
            kept.set(address, { gen, page: same }, { size: address.length + made.html.length });
          return same;
        })
        .finally(() => {
          if (making.get(address)?.page === page) making.delete(address);
        });
      making.set(address, { gen, page });
      return page;
    },
  };
}
