import { deepEqual, type SearchMiddleware, type SearchSchemaInput } from '@tanstack/react-router';
import * as z from 'zod/mini';

/*
 * The URL's query parameters, checked when a route matches (TanStack Router's validateSearch). The
 * router's code is in the first load of every page, so these are zod/mini schemas: the same zod core,
 * without the methods of every schema type (issue 11: 70 kB of the first load). A bad value never
 * fails a page: it falls back to the default, or to absent.
 */

/**
 * A text search parameter. The router parses search values as JSON, so an all-digit value
 * (?searchQuery=2015, ?pid=123, a token) arrives as a number: it is read back as text, trimmed and
 * bounded; anything else is treated as absent.
 */
export const searchText = ({ min = 0, max }: { min?: number; max: number }) =>
  z.catch(
    z.optional(
      z.pipe(
        z.pipe(
          z.union([z.string(), z.number()]),
          z.transform((v) => String(v).trim()),
        ),
        z.string().check(z.minLength(min), z.maxLength(max)),
      ),
    ),
    undefined,
  );

/** ?page=: a whole number from 1 to `max`, 1 when absent or out of range. */
export const pageParam = (max = 10_000) =>
  z.catch(z._default(z.int().check(z.minimum(1), z.maximum(max)), 1), 1);

/** One of `values`, `fallback` when absent or anything else. */
export const choiceParam = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.catch(z._default(z.enum(values), fallback), fallback);

/** One of `values`, or absent. */
export const optionalChoiceParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(z.optional(z.enum(values)), undefined);

/** One of the page sizes offered, the first when absent or anything else. */
export const pageSizeParam = <const T extends readonly [number, ...number[]]>(sizes: T) =>
  z.catch(z._default(z.literal(sizes), sizes[0]), sizes[0]);

/** An ISO 8601 instant (?asOf=), or absent; `offset` accepts a time zone offset besides Z. */
export const instantParam = ({ offset = false }: { offset?: boolean } = {}) =>
  z.catch(z.optional(z.iso.datetime({ offset })), undefined);

/** A route's search validator made by lazySearch: the router calls it, `read` reads a search in a test. */
export interface LazySearch<S extends z.ZodMiniType> {
  (search: z.input<S> & SearchSchemaInput): z.output<S>;
  read(search: Record<string, unknown>): z.output<S>;
  /**
   * The route's search middlewares (`search: { middlewares }`): a URL the router writes leaves out
   * every parameter at its default. The router writes the URL it opened with anew once it has checked
   * it; with the defaults written in, a visit to /search became /search?page=1&limit=25&… and the
   * page was loaded a second time (Lighthouse, issue 33). Links leave them out too.
   */
  middlewares: SearchMiddleware<z.output<S>>[];
}

/**
 * A route's search parameters (its validateSearch), whose schema is made when a URL is first checked
 * against it: every route's validateSearch is in the first load, and making 28 schemas there held a
 * phone's main thread for a measurable part of it (Lighthouse, issue 33). The router reads the input
 * type for its links (SearchSchemaInput), so a link may leave out what has a default.
 */
export function lazySearch<S extends z.ZodMiniType>(make: () => S): LazySearch<S> {
  let schema: S | undefined;
  const read = (search: Record<string, unknown>): z.output<S> => {
    schema ??= make();
    return z.parse(schema, search);
  };
  let defaults: [string, unknown][] | undefined;
  const withoutDefaults: SearchMiddleware<z.output<S>> = ({ search, next }) => {
    const result: Record<string, unknown> = { ...(next(search) as object) };
    defaults ??= Object.entries(read({}) as Record<string, unknown>).filter(
      ([, value]) => value !== undefined,
    );
    for (const [key, value] of defaults) if (deepEqual(result[key], value)) delete result[key];
    return result as z.output<S>;
  };
  return Object.assign((search: z.input<S> & SearchSchemaInput) => read(search), {
    read,
    middlewares: [withoutDefaults],
  });
}

/** What a lazySearch validator gives a route. */
export type SearchOf<V> = V extends LazySearch<infer S> ? z.output<S> : never;
/** What a link may pass a lazySearch route. */
export type SearchInputOf<V> = V extends LazySearch<infer S> ? z.input<S> : never;
