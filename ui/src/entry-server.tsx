/**
 * The first paint of a public page, made on the server (issue 11, Lighthouse): the page a visitor
 * would see, rendered to HTML with the answers its loaders asked for, so a phone paints the wines
 * before the app's JavaScript has come. The browser's app then takes it over from the same answers
 * (main.tsx). Built with `vite build --ssr` into dist-server/; the embedded server loads it.
 */
import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { zoneOffsets } from '@wine/contracts';
import { createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { configureApi } from './api/client.ts';
import { defaultBundleQuery } from './api/queries.ts';
import { createQueryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import { merchantQuery } from './components/BankTransfer/merchant.ts';
import { createAppRouter } from './router.tsx';
import { markPaintedAt } from './state/clock.ts';

/** What the browser's app needs to take a painted page over as it is (main.tsx). */
export interface PaintedState {
  /** The answers the page was rendered from, for the browser's query cache. */
  query: DehydratedState;
  /** The instant it was painted at (every countdown on it reads this). */
  paintedAt: number;
  /** The time zone its dates are written in (zoneOffsets): a browser in another writes them otherwise. */
  zone: string;
}

export interface FirstPaint {
  /** The markup of #root. */
  html: string;
  state: PaintedState;
  /** 200, or 404 for a page that does not exist. */
  status: number;
}

const paintedState = (queryClient: QueryClient, paintedAt: number): PaintedState => ({
  query: dehydrate(queryClient),
  paintedAt,
  zone: zoneOffsets(paintedAt),
});

/** What the router's server load decided (router-core's ServerLoadResult, which it keeps unexported). */
type ServerLoad =
  | { type: 'render'; status: number }
  | { type: 'redirect'; redirect: { options: { href?: string } } };

/** Redirects followed at most (the browse page adds its defaults to the URL: one). */
const MAX_REDIRECTS = 3;

/**
 * Renders `url` (path and query) as a visitor sees it. `fetchApi` answers the API's calls (the server
 * passes one that asks itself); no token is ever sent, so nothing of a user's is in the page. A page
 * the router sends elsewhere (the browse page adds its defaults to the URL) is painted where it goes,
 * as the app will go there too.
 */
export async function render(url: string, fetchApi: typeof fetch, redirects = 0): Promise<FirstPaint> {
  configureApi({ fetch: fetchApi, getToken: () => null });
  const store = createStore();
  const paintedAt = Date.now();
  markPaintedAt(store, paintedAt);
  const queryClient = createQueryClient({ retry: false });
  const router = createAppRouter(
    { store, queryClient },
    { history: createMemoryHistory({ initialEntries: [url] }), scrollRestoration: false },
  );
  // The default bundle (the header's menus, the browse filters, the footer) with the page's own
  // answers: every page shows it, so the app's first render finds it as the server did.
  await Promise.all([
    router.load(),
    queryClient.prefetchQuery(defaultBundleQuery()),
    // Issue 31: the merchant's configured details, which the header and footer show.
    queryClient.prefetchQuery(merchantQuery()),
  ]);
  const load = (router as unknown as { _serverResult?: ServerLoad })._serverResult;
  if (load?.type === 'redirect') {
    const href = load.redirect.options.href ?? '';
    const local = href.startsWith('/') && !href.startsWith('//');
    if (!local || redirects >= MAX_REDIRECTS)
      return { html: '', state: paintedState(queryClient, paintedAt), status: 307 };
    return render(href, fetchApi, redirects + 1);
  }
  const app = <App store={store} queryClient={queryClient} router={router} />;
  const page = () => renderToString(app);
  let html = page();
  // A part loaded on demand (React.lazy) that this process had not loaded yet is left to the app
  // (`<!--$!-->`): load them all once (a prerender waits for them), then paint again, whole. Later
  // pages find them loaded. (renderToString writes no script, which the page's CSP would refuse.)
  if (html.includes('<!--$!-->')) {
    await prerenderToNodeStream(app);
    html = page();
  }
  const state = paintedState(queryClient, paintedAt);
  queryClient.clear();
  return { html, state, status: load?.type === 'render' ? load.status : 200 };
}
