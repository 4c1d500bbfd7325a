import type { LotChangedNotice, ViewerStatus } from '@wine/contracts';
import type { Position } from '@wine/event-schemas';
import { type DocumentStore, findIn } from '@wine/platform';
import { LOT_BIDDERS, type LotBidderDocument } from './project.ts';

/** Lots per query of their standings: an `$in` the embedded planner walks lot by lot (at most 1,024). */
const LOTS_PER_QUERY = 1000;

/**
 * Per lot changed, the standing of each user its events touched, for a lot notice, from the
 * standings themselves: every standing an event changes records that event's position, so those at
 * or after the window's first event (`from`) are the ones it touched; and a bidder was outbid in the
 * window when their last outbid is in it. Read only, and whole (a standing is small): a catch-up
 * window asks for hundreds of thousands.
 */
export async function touchedUsers(docs: DocumentStore, lotIds: Iterable<string>, from: Position) {
  const standings = await findIn(
    docs.collection<LotBidderDocument>(LOT_BIDDERS),
    'lot_id',
    lotIds,
    { _position: { $gte: from } },
    { readonly: true },
    LOTS_PER_QUERY,
  );
  // A dictionary per lot from the start: each lot has its own set of user ids, and an object growing
  // one id at a time would make a shape per id. An index gives a lot's standings together: one lookup
  // per run of them.
  const usersOf = new Map<string, LotChangedNotice['users']>();
  let lotId: string | null = null;
  let users = Object.create(null) as LotChangedNotice['users'];
  for (const s of standings) {
    if (s.lot_id !== lotId) {
      lotId = s.lot_id;
      const known = usersOf.get(lotId);
      users = known ?? (Object.create(null) as LotChangedNotice['users']);
      if (!known) usersOf.set(lotId, users);
    }
    users[s.user_id] = {
      bidtopstatus: s.bidtopstatus,
      bid_or_not: s.bid_or_not,
      my_max_bid: s.max_bid,
      outbid: s.outbid_position !== undefined && s.outbid_position >= from,
    } satisfies ViewerStatus & { outbid: boolean };
  }
  return usersOf;
}
