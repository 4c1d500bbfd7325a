import type { LotMessage, LotView, WatchlistAddedMessage } from '@wine/contracts';

/**
 * seeds 000 §4.6: a socket message applied to the lot a user sees. The public fields come from the
 * message (price, next bid, count, close, status); the user's own fields stay as they were unless
 * the message carries the user's new standing (the public view carries no one's own fields).
 */
export function applyLotMessage(current: LotView, message: LotMessage): LotView {
  return {
    ...message.lot,
    bidtopstatus: current.bidtopstatus,
    bid_or_not: current.bid_or_not,
    watchlistid: current.watchlistid,
    my_max_bid: current.my_max_bid,
    own_lot: current.own_lot,
    ...message.status,
  };
}

/** A user message about this lot (their standing, their watchlist flag) applied to it; others leave it. */
export function applyUserMessage(current: LotView, message: LotMessage | WatchlistAddedMessage): LotView {
  if (message.type === 'watchlistAdded') {
    return message.lot_id === current.id ? { ...current, watchlistid: message.status } : current;
  }
  return message.lot.id === current.id ? applyLotMessage(current, message) : current;
}
