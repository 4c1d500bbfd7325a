import type { LiveConsoleView, LiveRoomView } from '@wine/contracts';

type CurrentLot = NonNullable<LiveRoomView['current_lot']>;

/**
 * Lot 12 on the block at an ask of $1,300.00, $1,200.00 standing (an internet bid taken at 19:00:30 on
 * 2026-11-28), in an open sale.
 */
export function aLiveLot(over: Partial<CurrentLot> = {}): CurrentLot {
  return {
    lot_id: 'lot-12',
    lot_number: '12',
    title: '2010 Château Latour',
    image: null,
    ask: 130_000,
    price: 120_000,
    fair_warning: false,
    hammer: null,
    bids: [
      { amount: 110_000, source: 'floor', paddle: '101', mine: false, at: '2026-11-28T19:00:00.000Z' },
      { amount: 120_000, source: 'internet', paddle: null, mine: false, at: '2026-11-28T19:00:30.000Z' },
    ],
    standing: 'none',
    ...over,
  };
}

/** The room of the live sale a-1, open, with the bidder holding paddle 205. */
export function aLiveRoom(over: Partial<LiveRoomView> = {}): LiveRoomView {
  return {
    auction_id: 'a-1',
    title: 'Fine Bordeaux live',
    status: 'open',
    pause_reason: '',
    current_lot: aLiveLot(),
    my_paddle: '205',
    paddle_count: 7,
    results: [
      {
        lot_id: 'lot-11',
        lot_number: '11',
        title: '2005 Pétrus',
        image: null,
        outcome: 'sold',
        amount: 400_000,
      },
    ],
    next_lots: [
      { lot_id: 'lot-13', lot_number: '13', title: '2000 Margaux', image: null },
      { lot_id: 'lot-14', lot_number: '14', title: '1996 Lafite', image: null },
    ],
    lots_to_come: 2,
    messages: [{ text: 'Lot 12 is a magnum', at: '2030-01-10T12:00:00.000Z' }],
    ...over,
  };
}

/** The console of the same room: an internet bidder, Ada, leads. */
export function aLiveConsole(over: Partial<LiveConsoleView> = {}): LiveConsoleView {
  return {
    ...aLiveRoom({ my_paddle: null }),
    leader: { source: 'internet', paddle: null, first_name: 'Ada' },
    absentee: null,
    missed: [],
    missed_count: 0,
    paddles: [],
    ...over,
  };
}
