import type { Collection, Doc, Filter, FindOptions } from './port.ts';

/**
 * Ids per query: a filter is one BSON document, at most 16 MB on MongoDB; 250,000 ids of a catch-up
 * window came to about 21 MB (issue 13), and the server refused the query.
 */
export const IDS_PER_QUERY = 10_000;

/**
 * The documents whose `field` is one of `values` and that match `where` (unordered, each once),
 * asked for `perQuery` values at a time. A query's documents come in the order of the index it walks.
 */
export async function findIn<T extends Doc>(
  collection: Collection<T>,
  field: string,
  values: Iterable<string>,
  where: Filter = {},
  options?: Omit<FindOptions, 'sort' | 'skip' | 'limit'>,
  perQuery = IDS_PER_QUERY,
): Promise<T[]> {
  const all = [...new Set(values)];
  const found: T[] = [];
  for (let i = 0; i < all.length; i += perQuery) {
    const page = await collection.find({ [field]: { $in: all.slice(i, i + perQuery) }, ...where }, options);
    for (const doc of page) found.push(doc);
  }
  return found;
}

/** The documents of these ids (unordered, each once), asked for `IDS_PER_QUERY` ids at a time. */
export function findByIds<T extends Doc>(
  collection: Collection<T>,
  ids: Iterable<string>,
  options?: Omit<FindOptions, 'sort' | 'skip' | 'limit'>,
  perQuery = IDS_PER_QUERY,
): Promise<T[]> {
  return findIn(collection, '_id', ids, {}, options, perQuery);
}
