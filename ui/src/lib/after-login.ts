import * as z from 'zod/mini';
import { lazySearch, type SearchOf, searchText } from './search-param.ts';

/**
 * Only a path on this site may be a destination after login: an absolute or protocol-relative URL
 * in ?referer= would let a link send a freshly signed-in user anywhere.
 */
export function safeReferer(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

const pid = () => searchText({ min: 1, max: 100 });
const referer = () => z.catch(z.optional(z.pipe(z.unknown(), z.transform(safeReferer))), undefined);

/**
 * seeds 000 §2.1 / §2.3: /login?pid= returns to that product; a protected route passes the requested
 * location along as ?referer=.
 */
export const afterLoginSearchSchema = lazySearch(() => z.object({ pid: pid(), referer: referer() }));
export type AfterLoginSearch = SearchOf<typeof afterLoginSearchSchema>;

/** Where a user goes once signed in: the product of ?pid=, else the referer, else home. */
export function afterLoginTarget(search: AfterLoginSearch): string {
  if (search.pid) return `/productview/${encodeURIComponent(search.pid)}`;
  return search.referer ?? '/';
}

/** Only the parameters that are set, for links that pass them along. */
export function afterLoginParams(search: AfterLoginSearch): AfterLoginSearch {
  const params: AfterLoginSearch = {};
  if (search.pid) params.pid = search.pid;
  if (search.referer) params.referer = search.referer;
  return params;
}

/** The home page's parameter: where a visitor was going when a protected route sent them home. */
export const refererSearchSchema = lazySearch(() => z.object({ referer: referer() }));

/** Pages from which signing in should not come back to (home, and the account pages themselves). */
const isSignInPage = (pathname: string) =>
  pathname === '/' ||
  pathname === '/login' ||
  pathname === '/registration' ||
  pathname === '/invite' ||
  pathname === '/forgot_password' ||
  pathname.startsWith('/reset_password/');

/**
 * The ?referer= for a link to /login from where the user is: the location a protected route asked
 * for, else this page (so the user comes back to it).
 */
export function signInSearchFor(location: { pathname: string; href: string; search: unknown }): {
  referer?: string;
} {
  const requested = safeReferer((location.search as { referer?: unknown } | null)?.referer);
  if (requested) return { referer: requested };
  return isSignInPage(location.pathname) ? {} : { referer: location.href };
}
