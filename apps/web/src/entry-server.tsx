// The server's view of the app: a visitor's first screen as HTML, with the answers it was made from, so a
// phone paints the page (and starts its pictures) as soon as the HTML and CSS are in, and React takes it
// over in the background (main.tsx hydrates it) instead of drawing it from scratch.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { Language } from '@app/contracts';
import { AppFrame } from './app/app.tsx';
import { decideRoute } from './app/guard.ts';
import { createMarkupCache } from './app/markup-cache.ts';
import { screenAt } from './app/preload.ts';
import { routes } from './app/routes.tsx';
import { initialAuthState } from './features/auth/index.ts';
import { setTransport } from './shared/api/client.ts';
import { createQueryClient } from './shared/api/query-client.ts';
import { applyLanguage } from './shared/i18n/i18n.ts';
import { splitLocale } from './shared/paths.ts';

export type RenderedPage = {
  /** The markup that goes inside `#root`. */
  html: string;
  lang: Language;
  /** The answers the markup shows, for the browser's query cache. */
  state: DehydratedState;
  /** The screen's module in the build's manifest: the page links its code and styles. */
  source: string;
};

export type RenderOptions = {
  /** The address as the browser asked for it: path and query. */
  url: string;
  /** How the page's API calls reach the API (the server answers them itself). */
  fetch: typeof fetch;
};

const VISITOR = { ...initialAuthState, isInitialed: true };
const markups = createMarkupCache({ maxEntries: 200, maxAgeMs: 60_000 });
const handler = createStaticHandler(routes);

// The page's language is one of the app's globals (a browser shows one page): the React render itself
// runs one page at a time. Answers and code are awaited outside that turn, pages side by side.
let turn: Promise<unknown> = Promise.resolve();
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const mine = turn.then(work);
  turn = mine.catch(() => {});
  return mine;
}

/**
 * The visitor's view of the screen at `url`, or null when that screen is not rendered on the server
 * (a member's screens, a redirect, an unknown address): the browser then starts the app as usual.
 * `fetch` is the same for every page the server renders.
 */
export async function renderFirstView({ url, fetch }: RenderOptions): Promise<RenderedPage | null> {
  const address = new URL(url, 'http://app.invalid');
  const at = screenAt(address.pathname);
  const source = at?.handle?.source;
  if (!at || !source || at.handle?.serverRenders?.(address.searchParams) === false) return null;
  if (decideRoute(VISITOR, address).kind !== 'render') return null;

  const { lang } = splitLocale(address.pathname);
  setTransport(fetch);
  const queryClient = createQueryClient();
  // The page waits for the answers; a failed one is left for the browser to ask again.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  await Promise.all([
    at.handle?.firstView?.({ queryClient, lang, search: address.searchParams, params: at.params }),
    at.handle?.screen.preload(),
  ]);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const state = dehydrate(queryClient);
  const answers = JSON.stringify(state.queries.map((q) => [q.queryHash, q.state.data]));
  let html = markups.get(url, answers);
  if (html === undefined) {
    html = await render(lang, queryClient, router, context);
    // A page drawn around a failed answer is not kept: the next visitor's may succeed.
    const failed = queryClient
      .getQueryCache()
      .getAll()
      .some((q) => q.state.status === 'error');
    if (!failed) markups.set(url, answers, html);
  }
  queryClient.clear();
  return { html, lang, state, source };
}

function render(
  lang: Language,
  queryClient: QueryClient,
  router: ReturnType<typeof createStaticRouter>,
  context: StaticHandlerContext,
): Promise<string> {
  return exclusive(async () => {
    applyLanguage(lang);
    // One piece, no reveal scripts: the whole page is ready before it is sent (and the CSP runs no inline
    // script but the gate).
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppFrame client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </StrictMode>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const decoder = new TextDecoder();
    let markup = '';
    for await (const chunk of prelude) markup += decoder.decode(chunk as Uint8Array, { stream: true });
    return markup + decoder.decode();
  });
}
