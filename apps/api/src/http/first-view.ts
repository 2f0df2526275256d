import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

/** What apps/web/src/entry-server.tsx renders (its build is apps/web/dist-server). */
export type RenderedPage = { html: string; lang: string; state: unknown; source: string; keep?: boolean };
type RenderFirstView = (options: {
  url: string;
  fetch: typeof fetch;
  member?: boolean;
}) => Promise<RenderedPage | null>;
type ScreenModulesAt = (url: string) => string[];
type FirstViewAddress = (url: string) => string | null;
type ManifestChunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** A page that takes longer than this is sent without its first screen rather than late. */
const RENDER_TIMEOUT_MS = 3_000;

export interface FirstViewPages {
  /**
   * index.html with the visitor's first screen of `url` in it (with `member`: the member's layout and the
   * screen's outline), else with that screen's code and styles linked, or null: send index.html as it is.
   * `keep`: it is a visitor's page drawn from lasting answers, so it may be sent again until the
   * catalogue changes (never a member's, never one drawn around a failed answer or sent without markup).
   */
  page(url: string, options?: { member?: boolean }): Promise<{ html: string; keep: boolean } | null>;
  /** The address the visitor's page at `url` is made from (one page for many URLs), or null: not one. */
  addressOf(url: string): string | null;
}

const NULL_BODY = new Set([204, 304]);

/**
 * `fetch` for the app's own API calls while the server renders a page: answered by the API in this
 * process (`inject`), with no socket, through the same routes, validation and caches as the browser's.
 */
const injectFetch =
  (app: FastifyInstance): typeof fetch =>
  async (input, init) => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(NULL_BODY.has(res.statusCode) ? null : res.rawPayload, {
      status: res.statusCode,
      headers,
    });
  };

/**
 * The app's entry script in index.html. Over server markup it becomes a preload that index.html's gate
 * runs after the first frame: the markup paints without waiting for the code to be evaluated.
 */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** The preloads of the entry's imports that the build writes into index.html's head. */
const MODULE_PRELOADS = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A preload of the app's code. A server-rendered page asks for its code at low priority: the markup
 * paints without it, so the styles, the largest picture and the fonts come first. On a weak signal the
 * app is ready as soon as with High (docs/benchmarks.md). Lighthouse's model counts High-priority code
 * as holding up the first paint unless it sees the code run after it, and it cannot see when a module
 * runs. A page the browser draws keeps the default: there the code is what paints.
 */
const modulePreload = (href: string, { low = false, id = '' } = {}) =>
  `<link rel="modulepreload"${low ? ' fetchpriority="low"' : ''} crossorigin href="${href}"${id && ` id="${id}"`}>`;

/** JSON inside <script>: nothing in it can close the element or start markup. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** An `<img>` the page asks for at high priority: the largest picture on its first screen. */
const HIGH_PRIORITY_PICTURE = /<img\s[^>]*\sfetchpriority="high"[^>]*>/gi;
const PICTURE_SRC = /\ssrc="([^"]+)"/i;

/**
 * A preload for each such picture, for the head: the browser asks for it beside the styles rather than
 * once it has parsed the markup (Preact's renderer, unlike React's, hoists no preloads). The address is
 * as the renderer escaped it for an attribute.
 */
function picturePreloads(markup: string): string[] {
  const sources = [...markup.matchAll(HIGH_PRIORITY_PICTURE)].map(([img]) => PICTURE_SRC.exec(img)?.[1]);
  return [...new Set(sources)]
    .filter((src) => src !== undefined)
    .map((src) => `<link rel="preload" as="image" href="${src}" fetchpriority="high">`);
}

/** The web app's texts: a chunk per language and part, which the part's code waits for before it runs. */
const TEXTS = 'virtual:locale-text/';

/** The language of the page at `url` (a path and query): Thai under /th. */
export const pageLanguage = (url: string): 'en' | 'th' => (/^\/th(?:[/?#]|$)/.test(url) ? 'th' : 'en');

/**
 * The app's and the modules' code and styles, what they import and the texts they wait for in the
 * page's language, as the build's manifest lists them.
 */
function screenFiles(template: string, manifest: Manifest, modules: string[], lang: string) {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const later of chunk.dynamicImports ?? []) if (later.startsWith(`${TEXTS}${lang}/`)) visit(later);
  };
  for (const module of ['index.html', ...modules]) visit(module);
  // What index.html links already is left as it is.
  const fresh = (file: string) => !template.includes(`/${file}"`);
  return { css: [...css].filter(fresh), js: [...js].filter(fresh) };
}

/**
 * Fills index.html with the page's markup: the screen's styles in the head (so the markup is styled
 * at its first paint), its code preloaded, the answers beside the markup for main.tsx to hydrate.
 */
export function assemble(template: string, manifest: Manifest, page: RenderedPage): string | null {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!manifest[page.source] || !entry) return null;
  const { css, js } = screenFiles(template, manifest, [page.source], page.lang);
  // In the order a phone needs them: the styles, the largest picture, then the code. On HTTP/1.1 a
  // browser opens six connections to a host: behind the app's scripts and the styles, the
  // picture's request was the seventh, waiting for a free one.
  // The first paint waits until the markup is all parsed (`#first-view` follows it; it came in the same
  // answer, so that is parse time only): otherwise the browser painted the top of the page, then laid
  // the whole page out again as the rest arrived — a phone's main thread held 200–400 ms just after
  // the page showed. Browsers without `rel=expect` paint as before.
  const head = [
    '<link rel="expect" href="#first-view" blocking="render">',
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...picturePreloads(page.html),
    modulePreload(entry, { low: true, id: 'app-entry' }),
    ...[...template.matchAll(MODULE_PRELOADS)].map(([, href]) => modulePreload(href!, { low: true })),
    ...js.map((f) => modulePreload(`/${f}`, { low: true })),
  ].join('');
  // Replacer functions throughout: in a replacement string `$'`, `$&`… are patterns, and the markup and
  // answers carry text from the address (`?category=$'` copied the rest of the page into the JSON).
  return template
    .replace(ENTRY_SCRIPT, () => '')
    .replace(MODULE_PRELOADS, () => '')
    .replace(/<html lang="[a-z]+">/, () => `<html lang="${page.lang === 'th' ? 'th' : 'en'}">`)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="first-view">${scriptJson(page.state)}</script>`,
    );
}

/**
 * index.html with a signed-in member's first frame in `#root` (their layout and the screen's outline,
 * no data). Marked for index.html's gate, which keeps it only where tokens are stored. The app's code
 * keeps its place and priority: for a member it is what fills the screen.
 */
export function assembleMemberShell(template: string, page: RenderedPage): string {
  return template
    .replace(/<html lang="[a-z]+">/, () => `<html lang="${page.lang === 'th' ? 'th' : 'en'}">`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-shell="member">${page.html}</div><script type="application/json" id="first-view">${scriptJson(page.state)}</script>`,
    );
}

/**
 * index.html for a screen the browser draws, with the screen's code and styles and the page's texts
 * linked: they download beside the app's own code rather than once it has run, a round trip less
 * before the screen. The
 * styles are preloaded, not applied: the boot screen's first paint does not wait for them.
 */
export function linkScreen(
  template: string,
  manifest: Manifest,
  modules: string[],
  lang: string,
): string | null {
  const { css, js } = screenFiles(template, manifest, modules, lang);
  if (!css.length && !js.length) return null;
  const head = [
    ...css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ...js.map((f) => modulePreload(`/${f}`)),
  ].join('');
  return template.replace('</head>', () => `${head}</head>`);
}

/**
 * Server-rendered first screens for visitors (apps/web/src/entry-server.tsx), when the web app's server
 * build is there. Anything that goes wrong sends the plain page: the browser then draws the screen.
 */
export async function loadFirstViewPages(
  app: FastifyInstance,
  webDist: string,
): Promise<FirstViewPages | null> {
  const { log } = app;
  const bundle = join(webDist, '..', 'dist-server', 'entry-server.js');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(bundle) || !existsSync(manifestFile)) {
    log.info({ bundle }, 'no server build of the web app: pages are drawn by the browser');
    return null;
  }
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const { renderFirstView, screenModulesAt, firstViewAddress } = (await import(
    pathToFileURL(bundle).href
  )) as {
    renderFirstView: RenderFirstView;
    screenModulesAt: ScreenModulesAt;
    firstViewAddress?: FirstViewAddress;
  };
  const fetch = injectFetch(app);
  // One page per screen (a few dozen at most), made on first use.
  const linked = new Map<string, string | null>();
  const linkedPage = (url: string) => {
    let modules: string[];
    try {
      modules = screenModulesAt(url);
    } catch {
      return null; // not an address of the app's: the plain page
    }
    const lang = pageLanguage(url);
    const key = `${lang} ${modules.join(' ')}`;
    if (!linked.has(key)) linked.set(key, linkScreen(template, manifest, modules, lang));
    return linked.get(key) ?? null;
  };

  // Finding a URL's address matches it against every route (a millisecond and more): done once per URL
  // ('' = not a visitor's page).
  const addresses = new LRUCache<string, string>({ max: 2000 });

  return {
    async page(url, { member = false } = {}) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
      });
      const rendering = renderFirstView({ url, fetch, member }).catch((err: unknown) => {
        log.warn({ err, url }, 'first screen not rendered on the server');
        return null;
      });
      const page = await Promise.race([rendering, late]).finally(() => clearTimeout(timer));
      const linkedOnly = () => {
        const html = linkedPage(url);
        return html === null ? null : { html, keep: false };
      };
      if (member)
        return page
          ? { html: assembleMemberShell(linkedPage(url) ?? template, page), keep: false }
          : linkedOnly();
      const html = page && assemble(template, manifest, page);
      return html ? { html, keep: page.keep === true } : linkedOnly();
    },
    addressOf(url) {
      let address = addresses.get(url);
      if (address === undefined) {
        try {
          address = firstViewAddress?.(url) ?? '';
        } catch {
          address = ''; // not an address of the app's
        }
        addresses.set(url, address);
      }
      return address || null;
    },
  };
}
