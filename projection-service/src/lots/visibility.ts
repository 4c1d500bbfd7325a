import type { LotDocument } from '@wine/contracts';
import type { DocumentStore, Filter } from '@wine/platform';
import { LOTS } from './project.ts';

/**
 * Issue 36 §5: who sees a lot. A public lot anyone; a private sale only its guests (the buyers an
 * admin invited, or who joined by a mailed link) and its own seller. Everyone else, visitors
 * included, finds it nowhere: not in a list, not in a count, and its page is "not found" as an
 * unknown lot's. `private_sale` is absent on documents projected before it was kept: public.
 */
export function visibleTo(viewer: string | null): Filter {
  const open: Filter = { private_sale: { $ne: 1 } };
  return viewer === null ? open : { $or: [open, { guests: viewer }, { seller_id: viewer }] };
}

/** The storefront's filter for everyone at once (counts and lists with no viewer): public lots only. */
export const publicOnly: Filter = visibleTo(null);

/** `filter` narrowed to the lots `viewer` may see. */
export function seenBy(filter: Filter, viewer: string | null): Filter {
  const visible = visibleTo(viewer);
  if (Object.keys(filter).length === 0) return visible;
  // A visitor's condition is one more field beside the others (the store's planner sees them all).
  if (viewer === null && !('private_sale' in filter)) return { ...filter, ...visible };
  return { $and: [filter, visible] };
}

/** `visibleTo` for one document in hand. */
export const canSee = (
  lot: Pick<LotDocument, 'private_sale' | 'guests' | 'seller_id'>,
  viewer: string | null,
): boolean =>
  lot.private_sale !== 1 || (viewer !== null && (lot.seller_id === viewer || !!lot.guests?.includes(viewer)));

/**
 * Which of `ids` are private sales `viewer` may not see (a list kept by lot id, as a watchlist, that
 * must leave them out of its page and its count).
 */
export async function hiddenAmong(
  docs: DocumentStore,
  ids: readonly string[],
  viewer: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const hidden = await docs
    .collection<LotDocument>(LOTS)
    .find(
      { _id: { $in: [...ids] }, private_sale: 1, guests: { $ne: viewer }, seller_id: { $ne: viewer } },
      { projection: { _id: 1 } },
    );
  return hidden.map((lot) => lot._id);
}
