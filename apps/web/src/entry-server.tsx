// The server's view of the app: a visitor's first screen as HTML, with the answers it was made from, so a
// phone paints the page (and starts its pictures) as soon as the HTML and CSS are in, and the app takes it
// over in the background (main.tsx hydrates it) instead of drawing it from scratch.
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import type { Language } from '@app/contracts';
import { AppFrame } from './app/app.tsx';
import { decideRoute } from './app/guard.ts';
import { MemberShellContext } from './app/member-shell.ts';
import { createMarkupCache } from './app/markup-cache.ts';
import { screenAt } from './app/preload.ts';
import { AppRoutes } from './app/router.tsx';
import { initialAuthState } from './features/auth/index.ts';
import { isApiError } from './shared/api/api-error.ts';
import { setTransport } from './shared/api/client.ts';
import { KIT_MODULE } from './shared/ui/lazy-screen.tsx';
import { createQueryClient } from './shared/api/query-client.ts';
import { applyLanguage, textsArrived } from './shared/i18n/i18n.ts';
import { splitLocale } from './shared/paths.ts';

export type RenderedPage = {
  /** The markup that goes inside `#root`. */
  html: string;
  lang: Language;
  /** The answers the markup shows, for the browser's query cache. */
  state: DehydratedState;
  /** The screen's module in the build's manifest: the page links its code and styles. */
  source: string;
  /**
   * Whether the page may be kept and sent again while the catalogue is unchanged: it was drawn from
   * lasting answers only (a failed one would fail again, a 404), for a visitor.
   */
  keep: boolean;
};

export type RenderOptions = {
  /** The address as the browser asked for it: path and query. */
  url: string;
  /** How the page's API calls reach the API (the server answers them itself). */
  fetch: typeof fetch;
  /**
   * The browser says a member is signed in on it (the `member` hint cookie, set beside the stored
   * tokens): the page is that member's layout with the screen's outline, never the visitor's page.
   */
  member?: boolean;
};

const VISITOR = { ...initialAuthState, isInitialed: true, hasStoredSession: false };
const markups = createMarkupCache({ maxEntries: 200, maxAgeMs: 60_000 });

/**
 * Pages on their way at once. Beyond it the browser draws the page (index.html as it is, a static file):
 * a burst of addresses, or of different ones, cannot queue renders on the thread that also serves the API.
 */
const MAX_IN_FLIGHT = 8;
/** A render not finished by then is abandoned (the API sends the plain page after 3 s anyway). */
const RENDER_TIMEOUT_MS = 2_000;
/**
 * New renders (markup not in the cache) per second. One costs 40-90 ms of the thread that also serves the
 * API, against about 1 ms for an answer from the cache: without a budget, a stream of made-up addresses
 * would hold every other request. Beyond it the page is the plain one and the browser draws it.
 */
const RENDERS_PER_SECOND = 8;
let inFlight = 0;
let recentRenders: number[] = [];

function renderBudgetLeft(now = performance.now()): boolean {
  recentRenders = recentRenders.filter((at) => now - at < 1_000);
  if (recentRenders.length >= RENDERS_PER_SECOND) return false;
  recentRenders.push(now);
  return true;
}

// The page's language is one of the app's globals (a browser shows one page): the render itself
// runs one page at a time. Answers and code are awaited outside that turn, pages side by side; between
// two renders the event loop gets a turn, so requests waiting on I/O are not held behind a queue.
let turn: Promise<unknown> = Promise.resolve();
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const mine = turn.then(() => new Promise((resolve) => setTimeout(resolve))).then(work);
  turn = mine.catch(() => {});
  return mine;
}

/**
 * The modules (as the build's manifest names them) of the screen at `url`: its own and, for a screen in
 * antd's theme, the kit's. Any page of the app links their code and styles, so they download with the
 * app's own rather than after it has run.
 */
export function screenModulesAt(url: string): string[] {
  const at = screenAt(new URL(url, 'http://app.invalid').pathname);
  const source = at?.handle?.source;
  if (!source) return [];
  return at.handle?.screen.kit ? [source, KIT_MODULE] : [source];
}

/** The failed answers a page can be kept with: the same request would be refused again. */
const lasting = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * The visitor's view of the screen at `url`, or null when that screen is not rendered on the server
 * (a member's screens, a redirect, an unknown address, a busy server): the browser then starts the app
 * as usual. `fetch` is the same for every page the server renders.
 */
export async function renderFirstView({ url, fetch, member }: RenderOptions): Promise<RenderedPage | null> {
  if (member) return renderMemberShell(new URL(url, 'http://app.invalid'));
  const found = visitorPageAt(url);
  if (!found || inFlight >= MAX_IN_FLIGHT) return null;
  inFlight += 1;
  try {
    return await renderAt(found.address, found.at, found.source, fetch);
  } finally {
    inFlight -= 1;
  }
}

/**
 * The address a visitor's page at `url` is rendered from — its path and the parts of the query its
 * screen reads — or null when the server does not render that page for a visitor. Two URLs with one
 * address are one page (`/home?x=1` is `/home`): the server keeps one copy of it.
 */
export function firstViewAddress(url: string): string | null {
  const found = visitorPageAt(url);
  return found ? found.address.pathname + found.address.search : null;
}

function visitorPageAt(url: string) {
  const given = new URL(url, 'http://app.invalid');
  const at = screenAt(given.pathname);
  const source = at?.handle?.serverRendered && at.handle.source;
  if (!at || !source) return null;
  const query = at.handle?.serverQuery ? at.handle.serverQuery(given.searchParams) : '';
  if (query === null) return null;
  // Rendered from the parts of the address the screen reads: `?x=1` is the same page as no query.
  const address = new URL(`${given.pathname}${query ? `?${query}` : ''}`, given.origin);
  if (decideRoute(VISITOR, address).kind !== 'render') return null;
  return { at, source, address };
}

async function renderAt(
  address: URL,
  at: NonNullable<ReturnType<typeof screenAt>>,
  source: string,
  fetch: typeof globalThis.fetch,
): Promise<RenderedPage | null> {
  const { lang } = splitLocale(address.pathname);
  setTransport(fetch);
  const queryClient = createQueryClient();
  // The page waits for the answers; a failed one is left for the browser to ask again.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  await Promise.all([
    at.handle?.firstView?.({ queryClient, lang, search: address.searchParams, params: at.params }),
    at.handle?.screen.preload(),
    textsArrived(),
  ]);
  const state = dehydrate(queryClient);
  const answers = JSON.stringify(state.queries.map((q) => [q.queryHash, q.state.data]));
  const key = address.pathname + address.search;
  // A page drawn around a failed answer is kept only when that answer would fail again (a 404).
  const lastingOnly = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .every((q) => q.state.status !== 'error' || lasting(q.state.error));
  let html = markups.get(key, answers);
  if (html === undefined) {
    if (!renderBudgetLeft()) return null;
    html = await render(lang, queryClient, key);
    if (lastingOnly()) markups.set(key, answers, html);
  }
  const keep = lastingOnly();
  queryClient.clear();
  return { html, lang, state, source, keep };
}

/**
 * A signed-in member's first frame of any screen: the header, the bottom navigation and the screen's
 * outline, what the app draws while it restores the session (the route guard's 'hold'). It reads no
 * data and depends only on the path, so it is cheap, and the same for every member.
 */
async function renderMemberShell(given: URL): Promise<RenderedPage | null> {
  const at = screenAt(given.pathname);
  if (!at || inFlight >= MAX_IN_FLIGHT) return null;
  const address = new URL(given.pathname, given.origin);
  const { lang } = splitLocale(address.pathname);
  const key = `member ${address.pathname}`;
  inFlight += 1;
  try {
    await textsArrived();
    const queryClient = createQueryClient();
    let html = markups.get(key, '');
    if (html === undefined) {
      if (!renderBudgetLeft()) return null;
      html = await render(lang, queryClient, address.pathname, true);
      markups.set(key, '', html);
    }
    return { html, lang, state: dehydrate(queryClient), source: '', keep: false };
  } finally {
    inFlight -= 1;
  }
}

function render(
  lang: Language,
  queryClient: QueryClient,
  /** The page's path and the query its screen reads. */
  location: string,
  member = false,
): Promise<string> {
  return exclusive(async () => {
    applyLanguage(lang);
    // The JSX is typed as React's; the elements are Preact's (the build maps react to preact/compat).
    const page = (
      <StrictMode>
        <MemberShellContext.Provider value={member}>
          <AppFrame client={queryClient}>
            <StaticRouter location={location}>
              <AppRoutes />
            </StaticRouter>
          </AppFrame>
        </MemberShellContext.Provider>
      </StrictMode>
    ) as unknown as VNode;
    // The whole page, once whatever it waits for (a lazy part) has arrived. The renderer cannot be
    // stopped: past the timeout the page is given up (the browser draws it) and the next one may start.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('render timed out')), RENDER_TIMEOUT_MS);
    });
    return Promise.race([renderToStringAsync(page), late]).finally(() => clearTimeout(timer));
  });
}
